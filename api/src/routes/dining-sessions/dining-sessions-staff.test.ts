import type { TestApp } from '../../test/create-test-app';
import { registerAndLogin } from '../../test/customer-helper';
import { openNextTable } from '../../test/dining-helper';
import { seededAppWithStaff } from '../../test/seeded-app';

let t: TestApp;
let staff: Record<string, string>;
beforeAll(async () => ({ t, staffAuth: staff } = await seededAppWithStaff()));
afterAll(() => t.close());

const openTable = () => openNextTable(t, staff);
/** Staff ask to open table `table_number`, whatever the answer. */
const openOn = (table_number: number) => t.app.inject({ method: 'POST', url: '/api/staff/dining-sessions', headers: staff, payload: { table_number } });

describe('dining sessions (staff)', () => {
  it('opens a session with a fresh 6-character code and the default 90 minutes', async () => {
    const session = await openTable();
    expect(session.table_code).toMatch(/^[A-HJ-NP-Z2-9]{6}$/);
    const timer = (await t.app.inject({ method: 'GET', url: `/api/tables/${session.table_code}/timer` })).json();
    expect(timer.durationSec).toBe(5400);
    expect(timer.remainingSec).toBeGreaterThan(5395);
    expect(timer.remainingSec).toBeLessThanOrEqual(5400);
  });

  it('is for staff only', async () => {
    const anonymous = await t.app.inject({ method: 'POST', url: '/api/staff/dining-sessions', payload: { table_number: 9 } });
    expect(anonymous.statusCode).toBe(401);
    const { auth } = await registerAndLogin(t.app);
    const customer = await t.app.inject({ method: 'POST', url: '/api/staff/dining-sessions', headers: auth, payload: { table_number: 9 } });
    expect(customer.statusCode).toBe(403);
  });

  it('refuses a second session on a busy table and an unknown table, and reopens after closing', async () => {
    const session = await openTable();
    const again = await openOn(session.table_number);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(`Table ${session.table_number} already has a dining session. Close it before opening a new one.`);
    const unknown = await openOn(999);
    expect(unknown.statusCode).toBe(404);

    const closed = await t.app.inject({ method: 'POST', url: `/api/staff/dining-sessions/${session.id}/close`, headers: staff });
    expect(closed.statusCode).toBe(200);
    const reopened = await openOn(session.table_number);
    expect(reopened.statusCode).toBe(201);
    expect(reopened.json().data.table_code).not.toBe(session.table_code);
  });

  it('lists the open sessions', async () => {
    const session = await openTable();
    const list = (await t.app.inject({ method: 'GET', url: '/api/staff/dining-sessions', headers: staff })).json().data;
    expect(list.map((row: { table_code: string }) => row.table_code)).toContain(session.table_code);
  });
});
