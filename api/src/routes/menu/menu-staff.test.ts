import { menuMessages } from '@samgyup/shared/validation';
import type { TestApp } from '../../test/create-test-app';
import { seededAppWithStaff } from '../../test/seeded-app';
import { quickCustomer, quickStaff } from '../../test/customer-helper';

let t: TestApp;
let staff: Awaited<ReturnType<typeof quickStaff>>;
beforeAll(async () => ({ t, staff } = await seededAppWithStaff()));
afterAll(() => t.close());

type Listed = { id: number; name: string; selling_price: number; description: string; is_premium: boolean; is_featured: boolean };
const publicList = async (endpoint: string) => (await t.app.inject({ method: 'GET', url: `/api/inventory/menu/${endpoint}` })).json().data as Listed[];
const staffList = async () =>
  (await t.app.inject({ method: 'GET', url: '/api/staff/menu-items', headers: staff.auth })).json().data as (Listed & { category: string; retired_at: string | null })[];
const create = (payload: Record<string, unknown>) => t.app.inject({ method: 'POST', url: '/api/staff/menu-items', headers: staff.auth, payload });
const change = (id: number, payload: Record<string, unknown>) => t.app.inject({ method: 'PATCH', url: `/api/staff/menu-items/${id}`, headers: staff.auth, payload });
const auditOf = (action: string) =>
  t.db.query<{ subject: string; details: Record<string, unknown>; actor_email: string }>('SELECT subject, details, actor_email FROM audit_log WHERE action = $1 ORDER BY id', [
    action,
  ]);

describe('staff menu availability', () => {
  it('takes an item off the public menu at once and puts it back, recording who did', async () => {
    const id = (await publicList('unlimited'))[0].id;
    const off = await change(id, { is_available: false });
    expect(off.statusCode).toBe(200);
    expect(off.json().message).toBe('The item is off the menu.');
    expect((await publicList('unlimited')).some((item) => item.id === id)).toBe(false);
    const all = (await t.app.inject({ method: 'GET', url: '/api/staff/menu-items', headers: staff.auth })).json().data;
    expect(all.find((item: { id: number }) => item.id === id)).toMatchObject({ is_available: false, availability_changed_by: staff.email });
    await change(id, { is_available: true });
    expect((await publicList('unlimited')).some((item) => item.id === id)).toBe(true);
  });

  it('is for staff only and checks the body', async () => {
    const customer = await quickCustomer(t.app);
    expect((await t.app.inject({ method: 'PATCH', url: '/api/staff/menu-items/1', headers: customer.auth, payload: { is_available: false } })).statusCode).toBe(403);
    expect((await change(1, {})).json()).toEqual({ success: false, message: menuMessages.nothingToChange });
    expect((await change(999999, { is_available: true })).statusCode).toBe(404);
  });
});

describe('the featured page', () => {
  it("lists the first version's five popular picks with their prices, in order", async () => {
    const featured = await publicList('featured');
    expect(featured.map((item) => [item.name, item.selling_price])).toEqual([
      ['Set A Unlimited Pork', 199],
      ['Samg Pork on Cup', 75],
      ['Kimchi', 120],
      ['Unlimited Cheese', 50],
      ['Chicken Poppers', 100],
    ]);
    expect(featured.every((item) => item.is_featured)).toBe(true);
  });
});

describe('editing the menu', () => {
  it('adds an item last on its menu, featured if asked, and records who did', async () => {
    const created = await create({ category: 'alacarte', name: 'Tteokbokki', description: 'Chewy rice cakes in a spicy sauce.', selling_price: 110, is_featured: true });
    expect(created.statusCode).toBe(201);
    const { id } = created.json().data;
    const alacarte = await publicList('alacarte');
    expect(alacarte[alacarte.length - 1]).toMatchObject({ id, name: 'Tteokbokki', selling_price: 110, is_premium: false, photo: null });
    expect((await publicList('featured')).map((item) => item.name)).toContain('Tteokbokki');
    expect((await auditOf('menu-item.create')).at(-1)).toMatchObject({
      subject: `Menu item #${id}`,
      actor_email: staff.email,
      details: { name: 'Tteokbokki', selling_price: 110 },
    });
  });

  it('changes a price and a description, keeping the old and new price in the audit log', async () => {
    const item = (await publicList('unlimited')).find((one) => one.name === 'Set B Unlimited Pork & Chicken')!;
    const saved = await change(item.id, { selling_price: 259, description: 'Now with honey-garlic chicken.' });
    expect(saved.json()).toEqual({ success: true, message: 'Saved. The menu pages show the change.' });
    expect((await publicList('unlimited')).find((one) => one.id === item.id)).toMatchObject({ selling_price: 259, description: 'Now with honey-garlic chicken.' });
    expect((await auditOf('menu-item.update')).at(-1)?.details).toEqual({
      selling_price: { old: 249, new: 259 },
      description: { old: item.description, new: 'Now with honey-garlic chicken.' },
    });
  });

  it.each([
    [{ category: 'dessert', name: 'Bingsu', selling_price: 150 }, menuMessages.categoryRequired],
    [{ category: 'alacarte', name: '   ', selling_price: 150 }, menuMessages.nameRequired],
    [{ category: 'alacarte', name: 'Bingsu', selling_price: '150' }, menuMessages.priceRequired],
    [{ category: 'alacarte', name: 'Bingsu', selling_price: 1_000_000 }, menuMessages.priceTooHigh],
    [{ category: 'alacarte', name: 'Bingsu', selling_price: 150, description: 'x'.repeat(401) }, 'Use at most 400 characters'],
  ])('refuses %j with a clear message', async (payload, message) => {
    const answer = await create(payload);
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toEqual({ success: false, message });
  });

  it('refuses a second current item of the same name on a menu (409), whatever its case', async () => {
    const answer = await create({ category: 'sidedish', name: 'siomai', selling_price: 0 });
    expect(answer.statusCode).toBe(409);
    expect(answer.json().message).toBe('That menu already has an item of this name.');
  });

  it('reorders a menu, and refuses an order that leaves an item out', async () => {
    const before = await publicList('sidedishes');
    const reversed = before.map((item) => item.id).reverse();
    const ok = await t.app.inject({ method: 'PUT', url: '/api/staff/menu-items/order', headers: staff.auth, payload: { category: 'sidedish', ids: reversed } });
    expect(ok.statusCode).toBe(200);
    expect((await publicList('sidedishes')).map((item) => item.id)).toEqual(reversed);
    const partial = await t.app.inject({ method: 'PUT', url: '/api/staff/menu-items/order', headers: staff.auth, payload: { category: 'sidedish', ids: reversed.slice(1) } });
    expect(partial.statusCode).toBe(409);
    expect((await publicList('sidedishes')).map((item) => item.id)).toEqual(reversed);
  });

  it('retires an item: gone from the public lists, kept in the database and the console, and can come back', async () => {
    const { id } = (await create({ category: 'unlimited', name: 'Set E Seafood', selling_price: 449, is_featured: true })).json().data;
    const retired = await change(id, { retired: true });
    expect(retired.json().message).toMatch(/retired/);
    expect((await publicList('unlimited')).some((item) => item.id === id)).toBe(false);
    expect((await publicList('featured')).some((item) => item.id === id)).toBe(false);
    expect((await staffList()).find((item) => item.id === id)?.retired_at).toEqual(expect.any(String));
    expect(await t.db.query('SELECT id FROM menu_items WHERE id = $1', [id])).toHaveLength(1);
    // Its name is free for a new item while it is retired.
    expect((await create({ category: 'unlimited', name: 'Set E Seafood', selling_price: 459 })).statusCode).toBe(201);
    expect((await change(id, { retired: false })).statusCode).toBe(409);
    expect((await auditOf('menu-item.retire')).at(-1)?.details).toEqual({ retired: { old: false, new: true } });
  });
});
