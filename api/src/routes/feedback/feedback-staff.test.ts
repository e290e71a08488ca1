import type { TestApp } from '../../test/create-test-app';
import { seededAppWithStaff } from '../../test/seeded-app';
import { quickCustomer, quickStaff } from '../../test/customer-helper';

let t: TestApp;
let staff: Awaited<ReturnType<typeof quickStaff>>;
beforeAll(async () => ({ t, staff } = await seededAppWithStaff()));
afterAll(() => t.close());

const publicList = async () => (await t.app.inject({ method: 'GET', url: '/api/feedback/public' })).json().data as { id: number; admin_response?: string }[];

describe('staff reviews', () => {
  it('lists every review newest first, answers one (shown publicly), edits and removes the answer', async () => {
    const all = (await t.app.inject({ method: 'GET', url: '/api/staff/feedback', headers: staff.auth })).json().data;
    expect(all.length).toBeGreaterThan(0);
    const id = all[0].id;
    const saved = await t.app.inject({ method: 'PUT', url: `/api/staff/feedback/${id}/response`, headers: staff.auth, payload: { response: 'Salamat po! See you again.' } });
    expect(saved.statusCode).toBe(200);
    expect((await publicList()).find((row) => row.id === id)?.admin_response).toBe('Salamat po! See you again.');
    const after = (await t.app.inject({ method: 'GET', url: '/api/staff/feedback', headers: staff.auth })).json().data.find((row: { id: number }) => row.id === id);
    expect(after.admin_response_by).toBe(staff.email);
    await t.app.inject({ method: 'PUT', url: `/api/staff/feedback/${id}/response`, headers: staff.auth, payload: { response: '' } });
    expect((await publicList()).find((row) => row.id === id)?.admin_response).toBeUndefined();
  });

  it('hides a review from /feedback and shows it again', async () => {
    const id = (await publicList())[0].id;
    const hidden = await t.app.inject({ method: 'PATCH', url: `/api/staff/feedback/${id}`, headers: staff.auth, payload: { is_published: false } });
    expect(hidden.statusCode).toBe(200);
    expect((await publicList()).some((row) => row.id === id)).toBe(false);
    await t.app.inject({ method: 'PATCH', url: `/api/staff/feedback/${id}`, headers: staff.auth, payload: { is_published: true } });
    expect((await publicList()).some((row) => row.id === id)).toBe(true);
  });

  it('refuses customers, unknown reviews and bad bodies', async () => {
    const customer = await quickCustomer(t.app);
    expect((await t.app.inject({ method: 'PATCH', url: '/api/staff/feedback/1', headers: customer.auth, payload: { is_published: false } })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'PATCH', url: '/api/staff/feedback/999999', headers: staff.auth, payload: { is_published: false } })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'PATCH', url: '/api/staff/feedback/1', headers: staff.auth, payload: { is_published: 'no' } })).statusCode).toBe(400);
    const long = await t.app.inject({ method: 'PUT', url: '/api/staff/feedback/1/response', headers: staff.auth, payload: { response: 'x'.repeat(2001) } });
    expect(long.json().message).toBe('Keep the response to 2000 characters or fewer.');
  });
});
