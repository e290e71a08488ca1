import { createTestApp, type TestApp } from '../../test/create-test-app';
import { quickCustomer, quickStaff } from '../../test/customer-helper';

let t: TestApp;
let staff: Awaited<ReturnType<typeof quickStaff>>;
beforeAll(async () => {
  t = await createTestApp({ seed: true });
  staff = await quickStaff(t.app);
});
afterAll(() => t.close());

const unlimited = async () => (await t.app.inject({ method: 'GET', url: '/api/inventory/menu/unlimited' })).json().data as { id: number }[];

describe('staff menu availability', () => {
  it('takes an item off the public menu at once and puts it back, recording who did', async () => {
    const id = (await unlimited())[0].id;
    const off = await t.app.inject({ method: 'PATCH', url: `/api/staff/menu-items/${id}`, headers: staff.auth, payload: { is_available: false } });
    expect(off.statusCode).toBe(200);
    expect((await unlimited()).some((item) => item.id === id)).toBe(false);
    const all = (await t.app.inject({ method: 'GET', url: '/api/staff/menu-items', headers: staff.auth })).json().data;
    expect(all.find((item: { id: number }) => item.id === id)).toMatchObject({ is_available: false, availability_changed_by: staff.email });
    await t.app.inject({ method: 'PATCH', url: `/api/staff/menu-items/${id}`, headers: staff.auth, payload: { is_available: true } });
    expect((await unlimited()).some((item) => item.id === id)).toBe(true);
  });

  it('is for staff only and checks the body', async () => {
    const customer = await quickCustomer(t.app);
    expect((await t.app.inject({ method: 'PATCH', url: '/api/staff/menu-items/1', headers: customer.auth, payload: { is_available: false } })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'PATCH', url: '/api/staff/menu-items/1', headers: staff.auth, payload: {} })).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'PATCH', url: '/api/staff/menu-items/999999', headers: staff.auth, payload: { is_available: true } })).statusCode).toBe(404);
  });
});
