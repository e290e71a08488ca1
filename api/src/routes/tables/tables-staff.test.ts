import { currentOrNextSlot, restaurantTime, restaurantToday } from '@samgyup/shared/reservation';
import type { TestApp } from '../../test/create-test-app';
import { seededAppWithStaff } from '../../test/seeded-app';
import type { FloorReservation } from '../../repositories/reservations-repository';
import { quickCustomer } from '../../test/customer-helper';
import { pinRestaurantClock } from '../../test/restaurant-clock';
import { tableTonight } from './table-floor';

let t: TestApp;
let staff: Record<string, string>;
beforeAll(async () => {
  // "Tonight" and today's slots depend on the hour: 6 PM at the restaurant, whenever the tests run.
  pinRestaurantClock('18:00');
  ({ t, staffAuth: staff } = await seededAppWithStaff());
});
afterAll(() => t.close());

type TableRow = { table_number: number; state: string; session: { id: number; table_code: string; remaining_sec: number } | null };
const tables = async () => (await t.app.inject({ method: 'GET', url: '/api/staff/tables', headers: staff })).json().data as TableRow[];
const byNumber = async (number: number) => (await tables()).find((row) => row.table_number === number)!;

describe('staff tables', () => {
  it('shows every table free at first, then seated with its code and time left once a session opens', async () => {
    expect(await tables()).toHaveLength(10);
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
    expect(slot).toBe('17:00');
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

describe('tonight on the floor', () => {
  const table = { id: 1, table_number: 3, capacity: 4, is_active: true, retired_at: null };
  const booking = (time: string, extra: Partial<FloorReservation> = {}): FloorReservation => ({
    id: 10,
    table_id: 1,
    table_numbers: [3],
    customer_name: 'Ana Cruz',
    number_of_guests: 4,
    status: 'confirmed',
    reservation_time: time,
    seated: false,
    ...extra,
  });

  it('flags a party not seated 15 minutes into its slot, until the slot is over', () => {
    expect(tableTonight(table, [booking('18:30')], null, '18:44').tonight[0].late).toBe(false);
    expect(tableTonight(table, [booking('18:30')], null, '18:45').tonight[0]).toMatchObject({ late: true, seatable: true, slot_label: '6:30 PM - 8:00 PM' });
    expect(tableTonight(table, [booking('18:30', { seated: true })], null, '18:50').tonight[0]).toMatchObject({ late: false, seatable: false });
    expect(tableTonight(table, [booking('18:30')], null, '20:00').tonight[0]).toMatchObject({ late: false, seatable: false });
  });

  it('names the booking a walk-in seated now would run into: one starting within the next slot', () => {
    expect(tableTonight(table, [booking('18:30')], null, '16:59').booked_soon).toBeNull();
    expect(tableTonight(table, [booking('18:30')], null, '17:01').booked_soon?.id).toBe(10);
    expect(tableTonight(table, [booking('18:30', { status: 'pending' })], null, '18:40').booked_soon?.id).toBe(10);
    expect(tableTonight(table, [booking('18:30', { seated: true })], null, '18:00').booked_soon).toBeNull();
    expect(tableTonight(table, [booking('18:30', { table_id: 2 })], null, '18:00').booked_soon).toBeNull();
  });
});

describe('seating a reservation in one action', () => {
  async function reservationToday(tableNumber: number, status: string, date = restaurantToday()) {
    const customer = await quickCustomer(t.app);
    const [{ id: tableId }] = await t.db.query<{ id: number }>('SELECT id FROM restaurant_tables WHERE table_number = $1', [tableNumber]);
    const [{ id }] = await t.db.query<{ id: number }>(
      `INSERT INTO reservations (customer_id, customer_name, email, phone, table_id, number_of_guests, reservation_date, reservation_time, down_payment_due, status)
       VALUES ($1, 'Ben Reyes', 'ben@example.com', '0917', $2, 3, $3::date, '20:00', 100, $4) RETURNING id`,
      [customer.user.id, tableId, date, status],
    );
    return id;
  }
  const seat = (payload: object) => t.app.inject({ method: 'POST', url: '/api/staff/dining-sessions', headers: staff, payload });

  it("opens the reservation's table with a code, shows it seated tonight, and never seats it twice", async () => {
    const id = await reservationToday(7, 'confirmed');
    expect(((await byNumber(7)) as unknown as { tonight: { id: number; seatable: boolean }[] }).tonight).toEqual([
      expect.objectContaining({ id, customer_name: 'Ben Reyes', seated: false }),
    ]);
    const seated = await seat({ reservation_id: id });
    expect(seated.statusCode).toBe(201);
    expect(seated.json().message).toMatch(/^Ben Reyes's party is seated at table 7\. Its code is [A-Z0-9]{6}\.$/);
    expect(seated.json().data).toMatchObject({ table_number: 7, reservation_id: id });
    const table = (await byNumber(7)) as unknown as { state: string; tonight: { seated: boolean }[] };
    expect(table.state).toBe('seated');
    expect(table.tonight[0].seated).toBe(true);
    expect((await seat({ reservation_id: id })).json()).toEqual({ success: false, message: `Reservation #${id} is already seated.` });
  });

  it('refuses what cannot be seated, with a message that says why', async () => {
    const pending = await reservationToday(8, 'pending');
    expect((await seat({ reservation_id: pending })).json().message).toBe(`Reservation #${pending} is pending; only a confirmed reservation can be seated.`);
    const later = await reservationToday(9, 'confirmed', '2099-01-01');
    expect((await seat({ reservation_id: later })).json().message).toBe(`Reservation #${later} is for 2099-01-01, not today.`);
    const elsewhere = await reservationToday(10, 'confirmed');
    expect((await seat({ reservation_id: elsewhere, table_number: 2 })).json().message).toBe(`Reservation #${elsewhere} is for table 10, not table 2.`);
    expect((await seat({ reservation_id: 999999 })).statusCode).toBe(404);
    const badId = await seat({ reservation_id: 'abc' });
    expect(badId.statusCode).toBe(400);
    expect((await seat({})).json().message).toBe('Choose a table number.');
  });
});
