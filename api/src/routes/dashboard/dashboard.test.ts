import { restaurantToday } from '@samgyup/shared/reservation';
import { createTestApp, type TestApp } from '../../test/create-test-app';
import { quickCustomer, quickStaff } from '../../test/customer-helper';

let t: TestApp;
let staff: Awaited<ReturnType<typeof quickStaff>>;
beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMIT_ENABLED: 'false' } });
  staff = await quickStaff(t.app);
  await t.db.query('INSERT INTO restaurant_tables (table_number, capacity) SELECT n, 4 FROM generate_series(1, 4) AS n');
});
afterAll(() => t.close());

function daysAgo(days: number): string {
  const [year, month, day] = restaurantToday().split('-').map(Number);
  return new Date(Date.UTC(year, month - 1, day - days)).toISOString().slice(0, 10);
}

async function reservation(date: string, time: string, table: number, guests: number, extra = "'pending', 'pending'", combinationId: number | null = null) {
  const customer = await quickCustomer(t.app);
  const [row] = await t.db.query<{ id: number }>(
    `INSERT INTO reservations (customer_id, customer_name, email, phone, table_id, number_of_guests, reservation_date, reservation_time, down_payment_due, status, payment_status, created_at, combination_id)
     VALUES ($1, 'Ana', $2, '0917', (SELECT id FROM restaurant_tables WHERE table_number = $3), $4, $5::date, $6, 100, ${extra}, now(), $7) RETURNING id`,
    [customer.user.id, customer.user.email, table, guests, date, time, combinationId],
  );
  return row.id;
}

describe('dashboard', () => {
  it("shows today's figures and 30 days of bookings, slots, refills and reviews", async () => {
    const today = restaurantToday();
    await reservation(today, '17:00', 1, 4, "'confirmed', 'paid'");
    await reservation(today, '17:00', 2, 2, "'pending', 'pending_review'");
    await reservation(today, '20:00', 3, 5, "'pending', 'pending'");
    await reservation(today, '18:30', 4, 3, "'declined', 'rejected'");
    await reservation(daysAgo(3), '18:30', 1, 6, "'confirmed', 'paid'");
    // A group of 8 on tables 3 + 4 joined, seated: two tables and their 8 seats are in use.
    const [joined] = await t.db.query<{ id: number }>(`INSERT INTO table_combinations (seats) VALUES (8) RETURNING id`);
    await t.db.query(`INSERT INTO table_combination_members (combination_id, table_id) SELECT $1, id FROM restaurant_tables WHERE table_number IN (3, 4)`, [joined.id]);
    const group = await reservation(today, '18:30', 3, 8, "'confirmed', 'paid'", joined.id);
    await t.db.query(
      `INSERT INTO dining_sessions (table_id, table_code, duration_sec, ends_at, reservation_id) VALUES ((SELECT id FROM restaurant_tables WHERE table_number = 3), 'GRP234', 5400, now() + interval '90 minutes', $1)`,
      [group],
    );
    const [session] = await t.db.query<{ id: number }>(
      `INSERT INTO dining_sessions (table_id, table_code, duration_sec, ends_at) VALUES ((SELECT id FROM restaurant_tables WHERE table_number = 1), 'ABC234', 5400, now() + interval '90 minutes') RETURNING id`,
    );
    for (const [items, status] of [
      ['[{"name":"Pork","quantity":2},{"name":"Rice","quantity":1}]', 'pending'],
      ['[{"name":"Pork","quantity":1}]', 'completed'],
      ['[{"name":"Kimchi","quantity":5}]', 'cancelled'],
    ]) {
      await t.db.query(`INSERT INTO refill_requests (session_id, request_type, items, status) VALUES ($1, 'x', $2::jsonb, $3)`, [session.id, items, status]);
    }
    await t.db.query(`INSERT INTO feedback (customer_name, rating, feedback_text) VALUES ('A', 5, 'Great'), ('B', 2, 'Slow')`);
    await t.db.query(`INSERT INTO feedback (customer_name, rating, feedback_text, created_at) VALUES ('C', 1, 'Old', now() - interval '40 days')`);

    const answer = await t.app.inject({ method: 'GET', url: '/api/staff/dashboard', headers: staff.auth });
    expect(answer.statusCode).toBe(200);
    const data = answer.json().data;
    expect(data.today).toEqual({
      date: today,
      slots: [
        { time: '17:00', bookings: 2, guests: 6 },
        { time: '18:30', bookings: 1, guests: 8 },
        { time: '20:00', bookings: 1, guests: 5 },
      ],
      seated_tables: 3,
      open_refill_requests: 1,
      pending_proofs: 1,
      active_tables: 4,
      seated_seats: 12,
      active_seats: 16,
      // Today's two paid bookings were confirmed by staff, with no online payment.
      paid_online: 0,
      paid_by_proof: 2,
    });
    expect(data.bookings_per_day).toHaveLength(30);
    expect(data.bookings_per_day.at(-1)).toEqual({ day: today, bookings: 4, guests: 19 });
    expect(data.bookings_per_day.find((row: { day: string }) => row.day === daysAgo(3))).toEqual({ day: daysAgo(3), bookings: 1, guests: 6 });
    expect(data.slot_occupancy).toEqual([
      { time: '17:00', booked: 2, capacity: 120, guests: 6, seats: 480 },
      { time: '18:30', booked: 3, capacity: 120, guests: 14, seats: 480 },
      { time: '20:00', booked: 1, capacity: 120, guests: 5, seats: 480 },
    ]);
    expect(data.refills_per_hour.reduce((sum: number, row: { requests: number }) => sum + row.requests, 0)).toBe(3);
    expect(data.top_refill_items).toEqual([
      { name: 'Pork', quantity: 3 },
      { name: 'Rice', quantity: 1 },
    ]);
    expect(data.reviews).toMatchObject({ reviews: 2, average_rating: 3.5 });
    expect(data.reviews.per_day.at(-1)).toEqual({ day: today, reviews: 2, average_rating: 3.5 });
  });

  it('is for staff only', async () => {
    const customer = await quickCustomer(t.app);
    expect((await t.app.inject({ method: 'GET', url: '/api/staff/dashboard' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/staff/dashboard', headers: customer.auth })).statusCode).toBe(403);
  });
});
