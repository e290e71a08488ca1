import { currentOrNextSlot, restaurantTime, restaurantToday } from '@samgyup/shared/reservation';
import { createTestApp, type TestApp } from '../../test/create-test-app';
import { quickCustomer, quickStaff } from '../../test/customer-helper';

let t: TestApp;
let staff: Record<string, string>;
beforeAll(async () => {
  t = await createTestApp({ seed: true });
  staff = (await quickStaff(t.app)).auth;
});
afterAll(() => t.close());

type TableRow = { table_number: number; state: string; session: { id: number; table_code: string; remaining_sec: number } | null };
const tables = async () => (await t.app.inject({ method: 'GET', url: '/api/staff/tables', headers: staff })).json().data as TableRow[];
const byNumber = async (number: number) => (await tables()).find((row) => row.table_number === number)!;

describe('staff tables', () => {
  it('shows every table free at first, then seated with its code and time left once a session opens', async () => {
    expect((await tables())).toHaveLength(10);
    expect((await byNumber(4)).state).toBe('free');
    const opened = await t.app.inject({ method: 'POST', url: '/api/staff/dining-sessions', headers: staff, payload: { table_number: 4 } });
    const code = opened.json().data.table_code;
    const seated = await byNumber(4);
    expect(seated.state).toBe('seated');
    expect(seated.session?.table_code).toBe(code);
    expect(seated.session?.remaining_sec).toBeGreaterThan(5390);
  });

  it('extends a session and closes it, after which the table is free again', async () => {
    const opened = (await t.app.inject({ method: 'POST', url: '/api/staff/dining-sessions', headers: staff, payload: { table_number: 5, duration_sec: 600 } })).json().data;
    const extended = await t.app.inject({ method: 'POST', url: `/api/staff/dining-sessions/${opened.id}/extend`, headers: staff, payload: { minutes: 15 } });
    expect(extended.statusCode).toBe(200);
    expect(extended.json().data.remaining_sec).toBeGreaterThan(600 + 15 * 60 - 10);
    const tooMuch = await t.app.inject({ method: 'POST', url: `/api/staff/dining-sessions/${opened.id}/extend`, headers: staff, payload: { minutes: 500 } });
    expect(tooMuch.json().message).toBe('Add between 5 and 180 minutes.');
    await t.app.inject({ method: 'POST', url: `/api/staff/dining-sessions/${opened.id}/close`, headers: staff });
    expect((await byNumber(5)).state).toBe('free');
    const late = await t.app.inject({ method: 'POST', url: `/api/staff/dining-sessions/${opened.id}/extend`, headers: staff, payload: { minutes: 15 } });
    expect(late.statusCode).toBe(409);
  });

  it("shows a table reserved for today's running or next slot", async () => {
    const slot = currentOrNextSlot(restaurantTime());
    if (!slot) return; // After 9:30 PM at the restaurant there is no slot left today.
    const customer = await quickCustomer(t.app);
    const [{ id: tableId }] = await t.db.query<{ id: number }>('SELECT id FROM restaurant_tables WHERE table_number = 6');
    await t.db.query(
      `INSERT INTO reservations (customer_id, customer_name, email, phone, table_id, number_of_guests, reservation_date, reservation_time, down_payment_due)
       VALUES ($1, 'Ana Cruz', 'ana@example.com', '0917', $2, 2, $3::date, $4, 100)`,
      [customer.user.id, tableId, restaurantToday(), slot],
    );
    expect((await byNumber(6)).state).toBe('reserved');
  });
});
