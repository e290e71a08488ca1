import { menuMessages } from '@samgyup/shared/validation';
import { restaurantToday } from '@samgyup/shared/reservation';
import type { TestApp } from '../../test/create-test-app';
import { seededAppWithStaff } from '../../test/seeded-app';
import { quickCustomer, quickStaff } from '../../test/customer-helper';

let t: TestApp;
let staff: Awaited<ReturnType<typeof quickStaff>>;
beforeAll(async () => ({ t, staff } = await seededAppWithStaff()));
afterAll(() => t.close());

type Shown = { id: number; title: string; terms: string[]; starts_on: string | null; ends_on: string | null; photo: unknown };
const shown = async () => (await t.app.inject({ method: 'GET', url: '/api/promos' })).json().data as Shown[];
const create = (payload: Record<string, unknown>) => t.app.inject({ method: 'POST', url: '/api/staff/promos', headers: staff.auth, payload });
const save = (id: number, payload: Record<string, unknown>) => t.app.inject({ method: 'PUT', url: `/api/staff/promos/${id}`, headers: staff.auth, payload });

const dayFromToday = (days: number) => {
  const [year, month, day] = restaurantToday().split('-').map(Number);
  return new Date(Date.UTC(year, month - 1, day + days)).toISOString().slice(0, 10);
};

describe('promos', () => {
  it("shows the restaurant's two promos, with their terms and end dates", async () => {
    const promos = await shown();
    expect(promos).toEqual([
      expect.objectContaining({ title: 'Birthday Treat: Free Unlimited Samgyupsal', starts_on: null, ends_on: null, photo: null }),
      expect.objectContaining({
        title: "Women's Month: 50% Off All Cheese",
        ends_on: '2025-03-31',
        terms: ['For women diners only.', 'Applies to all cheese add-ons.', 'Valid until March 31, 2025.'],
      }),
    ]);
    expect(promos[0].terms).toContain('Claimable for 7 days: 3 days before, on the day, and 3 days after your birthday.');
  });

  it('creates a promo that shows from its first day, hides it and shows it again, and records each change', async () => {
    const payload = { title: 'Rainy Day Samgyup', summary: '10% off when it rains.', terms: ['Walk-ins only.'], starts_on: dayFromToday(0), ends_on: dayFromToday(7) };
    const created = await create(payload);
    expect(created.statusCode).toBe(201);
    const { id } = created.json().data;
    expect((await shown()).at(-1)).toMatchObject({ id, title: 'Rainy Day Samgyup', starts_on: dayFromToday(0), ends_on: dayFromToday(7) });

    expect((await save(id, { ...payload, is_hidden: true })).json().message).toBe('Saved. The promo is hidden from /promos.');
    expect((await shown()).some((promo) => promo.id === id)).toBe(false);
    await save(id, { ...payload, title: 'Rainy Day Treat' });
    expect((await shown()).find((promo) => promo.id === id)?.title).toBe('Rainy Day Treat');

    const later = (await create({ title: 'Christmas Feast', starts_on: dayFromToday(5) })).json().data.id;
    expect((await shown()).some((promo) => promo.id === later)).toBe(false);
    const staffView = (await t.app.inject({ method: 'GET', url: '/api/staff/promos', headers: staff.auth })).json().data;
    expect(staffView.map((promo: { id: number }) => promo.id)).toEqual(expect.arrayContaining([id, later]));

    const audit = await t.db.query<{ action: string; details: { old?: { title: string }; new?: { title: string } } }>(
      "SELECT action, details FROM audit_log WHERE action LIKE 'promo.%' ORDER BY id",
    );
    expect(audit.map((entry) => entry.action)).toEqual(['promo.create', 'promo.update', 'promo.update', 'promo.create']);
    expect([audit[2].details.old?.title, audit[2].details.new?.title]).toEqual(['Rainy Day Samgyup', 'Rainy Day Treat']);
  });

  it('reorders the promos', async () => {
    const ids = (await t.db.query<{ id: number }>('SELECT id FROM promos ORDER BY sort_order, id')).map((row) => row.id);
    const reversed = [...ids].reverse();
    expect((await t.app.inject({ method: 'PUT', url: '/api/staff/promos/order', headers: staff.auth, payload: { ids: reversed } })).statusCode).toBe(200);
    const order = (await shown()).map((promo) => promo.id);
    expect(order).toEqual(reversed.filter((id) => order.includes(id)));
    expect((await t.app.inject({ method: 'PUT', url: '/api/staff/promos/order', headers: staff.auth, payload: { ids: [ids[0]] } })).statusCode).toBe(409);
  });

  it.each([
    [{ title: '' }, menuMessages.titleRequired],
    [{ title: 'A', starts_on: '2026-12-10', ends_on: '2026-12-01' }, menuMessages.endsBeforeStart],
    [{ title: 'A', ends_on: '31/12/2026' }, menuMessages.badDate],
    [{ title: 'A', terms: ['x'.repeat(201)] }, 'Use at most 200 characters'],
    [{ title: 'A', terms: 'Walk-ins only.' }, menuMessages.tooManyTerms],
  ])('refuses %j with a clear message', async (payload, message) => {
    const answer = await create(payload);
    expect([answer.statusCode, answer.json()]).toEqual([400, { success: false, message }]);
  });

  it('is for staff only, and 404 for an unknown promo', async () => {
    const customer = await quickCustomer(t.app);
    expect((await t.app.inject({ method: 'POST', url: '/api/staff/promos', headers: customer.auth, payload: { title: 'Mine' } })).statusCode).toBe(403);
    expect((await save(999999, { title: 'Gone' })).statusCode).toBe(404);
  });
});
