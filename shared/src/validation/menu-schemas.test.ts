import { firstMessage } from './validate';
import { menuItemChangeSchema, menuItemSchema, menuMessages, menuOrderSchema, promoSchema } from './menu-schemas';
import * as z from 'zod/mini';

const problem = (schema: z.ZodMiniType, value: unknown) => {
  const result = z.safeParse(schema, value);
  return result.success ? null : firstMessage(result.error);
};

describe('menu item schemas', () => {
  it('takes a new item with defaults for the flags and the description', () => {
    expect(z.parse(menuItemSchema, { category: 'alacarte', name: '  Tteokbokki ', selling_price: 120 })).toEqual({
      category: 'alacarte',
      name: 'Tteokbokki',
      description: '',
      selling_price: 120,
      is_premium: false,
      is_featured: false,
      is_available: true,
    });
  });

  it.each([
    [{ name: 'X', selling_price: 1 }, menuMessages.categoryRequired],
    [{ category: 'drinks', name: 'X', selling_price: 1 }, menuMessages.categoryRequired],
    [{ category: 'alacarte', name: ' \u200b ', selling_price: 1 }, menuMessages.nameRequired],
    [{ category: 'alacarte', name: 'X', selling_price: '120' }, menuMessages.priceRequired],
    [{ category: 'alacarte', name: 'X', selling_price: 99.5 }, menuMessages.priceRequired],
    [{ category: 'alacarte', name: 'X', selling_price: -1 }, menuMessages.priceRequired],
    [{ category: 'alacarte', name: 'X', selling_price: 100_001 }, menuMessages.priceTooHigh],
    [{ category: 'alacarte', name: 'X'.repeat(81), selling_price: 1 }, 'Use at most 80 characters'],
  ])('refuses %j: %s', (value, message) => {
    expect(problem(menuItemSchema, value)).toBe(message);
  });

  it('needs at least one change, and ids in an order only once', () => {
    expect(problem(menuItemChangeSchema, {})).toBe(menuMessages.nothingToChange);
    expect(problem(menuItemChangeSchema, { retired: true })).toBeNull();
    expect(problem(menuOrderSchema, { category: 'unlimited', ids: [3, 3] })).toBe(menuMessages.orderList);
    expect(problem(menuOrderSchema, { category: 'unlimited', ids: [3, 1] })).toBeNull();
  });
});

describe('promo schema', () => {
  it('takes optional dates and refuses an end before the start', () => {
    expect(z.parse(promoSchema, { title: 'Rainy day', terms: ['Walk-ins only.'] })).toMatchObject({ starts_on: null, ends_on: null, is_hidden: false });
    expect(problem(promoSchema, { title: 'A', starts_on: '2026-12-10', ends_on: '2026-12-01' })).toBe(menuMessages.endsBeforeStart);
    expect(problem(promoSchema, { title: 'A', ends_on: '2026-02-30' })).toBe(menuMessages.badDate);
    expect(problem(promoSchema, { title: '' })).toBe(menuMessages.titleRequired);
    expect(problem(promoSchema, { title: 'A', terms: Array(11).fill('t') })).toBe(menuMessages.tooManyTerms);
  });
});
