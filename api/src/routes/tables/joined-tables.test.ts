import { runBookingSweep } from '../../services/periodic-work';
import { daysFromNow, outboxTo, tableIdOf } from '../../test/booking-helper';
import type { TestApp } from '../../test/create-test-app';
import { quickCustomer } from '../../test/customer-helper';
import { requestRefill } from '../../test/dining-helper';
import { seededAppWithStaffAndAdmin } from '../../test/seeded-app';
import { waitUntil } from '../../test/wait-until';

// Groups of up to 20 (#31): joined tables the owner defines, best fit, and a
// database that never lets one table be held twice for a date and slot.
let t: TestApp;
let staffAuth: Record<string, string>;
let adminAuth: Record<string, string>;
// The host stand books and seats tonight's 20:00 slot: its clock pinned at 18:00, so that slot is ahead whatever the hour of the run (it was refused from 20:00 on).
beforeAll(
  async () => ({ t, staffAuth, adminAuth } = await seededAppWithStaffAndAdmin({ PENDING_RESERVATIONS_PER_CUSTOMER: '1000', NODE_ENV: 'test', TEST_RESTAURANT_TIME: '18:00' })),
);
afterAll(() => t.close());

interface Option {
  table_id: number;
  combination_id: number | null;
  table_numbers: number[];
  seats: number;
}

const optionsFor = async (date: string, time: string, guests: number) => {
  const answer = await t.app.inject({ method: 'GET', url: `/api/tables/options?date=${date}&time=${time}&guests=${guests}` });
  expect(answer.statusCode).toBe(200);
  return answer.json().data as { options: Option[]; other_slots: { date: string; time: string }[]; phone: string };
};

async function book(auth: Record<string, string>, email: string, date: string, time: string, guests: number, choice: Record<string, unknown>) {
  return t.app.inject({
    method: 'POST',
    url: '/api/reservations',
    headers: auth,
    payload: { customer_name: 'Barkada', phone: '09171234567', email, number_of_guests: guests, reservation_date: date, reservation_time: time, ...choice },
  });
}

describe('what seats a party', () => {
  it('offers single tables and joined tables that seat everyone, best fit first, and nothing too small', async () => {
    const date = daysFromNow(12);
    const twelve = await optionsFor(date, '17:00', 12);
    expect(twelve.options.map((option) => [option.table_numbers, option.seats])).toEqual([
      [[7, 8], 12],
      [[9, 10], 16],
      [[8, 9, 10], 20],
      [[7, 8, 9, 10], 26],
    ]);
    const two = await optionsFor(date, '17:00', 2);
    expect(two.options[0]).toMatchObject({ table_numbers: [1], seats: 2, combination_id: null });
    expect(two.options.every((option) => option.seats >= 2)).toBe(true);
    const twenty = await optionsFor(date, '17:00', 20);
    expect(twenty.options[0]).toMatchObject({ table_numbers: [8, 9, 10], seats: 20 });
  });

  it('books joined tables atomically: each is taken, and nothing that shares one can be booked', async () => {
    const date = daysFromNow(13);
    const customer = await quickCustomer(t.app);
    const [nineTen] = (await optionsFor(date, '18:30', 16)).options;
    expect(nineTen.table_numbers).toEqual([9, 10]);
    const booked = await book(customer.auth, customer.user.email, date, '18:30', 16, { combination_id: nineTen.combination_id, table_id: nineTen.table_id });
    expect(booked.statusCode).toBe(201);
    expect(booked.json().data).toMatchObject({ table_numbers: [9, 10], combination_id: nineTen.combination_id, number_of_guests: 16 });

    const after = await optionsFor(date, '18:30', 1);
    expect(after.options.some((option) => option.table_numbers.some((number) => number === 9 || number === 10))).toBe(false);
    const single = await book(customer.auth, customer.user.email, date, '18:30', 8, { table_id: await tableIdOf(t, 10) });
    expect(single.statusCode).toBe(409);
    expect(single.json().message).toBe('That table was just booked for this time. Please choose another table.');
    const [overlapping] = (await optionsFor(daysFromNow(14), '18:30', 20)).options;
    const overlap = await book(customer.auth, customer.user.email, date, '18:30', 20, { combination_id: overlapping.combination_id });
    expect(overlap.statusCode).toBe(409);

    const available = (await t.app.inject({ method: 'GET', url: `/api/tables/available?date=${date}&time=18:30` })).json().data;
    expect(available.map((table: { table_number: number }) => table.table_number)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
  });

  it('refuses joined tables too small for the party, and combinations that no longer exist', async () => {
    const date = daysFromNow(15);
    const customer = await quickCustomer(t.app);
    const [sevenEight] = (await optionsFor(date, '17:00', 12)).options;
    const tooMany = await book(customer.auth, customer.user.email, date, '17:00', 13, { combination_id: sevenEight.combination_id });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().message).toBe('That table is too small for your group. Please choose a bigger table.');
    const unknown = await book(customer.auth, customer.user.email, date, '17:00', 4, { combination_id: 999999 });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe('Those tables cannot be booked together any more. Please choose another table.');
    const none = await book(customer.auth, customer.user.email, date, '17:00', 4, {});
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe('Please select a table');
  });

  it('lets the restaurant choose the best fit at booking time, and says what to do when nothing seats the party', async () => {
    const date = daysFromNow(16);
    const customer = await quickCustomer(t.app);
    const first = await book(customer.auth, customer.user.email, date, '20:00', 20, { best_table: true });
    expect(first.statusCode).toBe(201);
    expect(first.json().data.table_numbers).toEqual([8, 9, 10]);
    const second = await book(customer.auth, customer.user.email, date, '20:00', 20, { best_table: true });
    expect(second.statusCode).toBe(409);
    expect(second.json().message).toBe('No table or joined tables seat 20 at this time.');

    const noFit = await optionsFor(date, '20:00', 20);
    expect(noFit.options).toEqual([]);
    expect(noFit.other_slots[0]).toEqual({ date, time: '17:00' });
    expect(noFit.other_slots).not.toContainEqual({ date, time: '20:00' });
    expect(noFit.phone).toMatch(/\d/);

    const waitlist = await t.app.inject({
      method: 'POST',
      url: '/api/waitlist',
      headers: customer.auth,
      payload: { customer_name: 'Barkada', phone: '09171234567', email: customer.user.email, reservation_date: date, reservation_time: '20:00', number_of_guests: 20 },
    });
    expect(waitlist.statusCode).toBe(201);
  });

  it('marks a day fully booked for a party size when no slot seats it, and not for smaller parties', async () => {
    const date = daysFromNow(40);
    const customer = await quickCustomer(t.app);
    for (const time of ['17:00', '18:30', '20:00']) {
      expect((await book(customer.auth, customer.user.email, date, time, 20, { best_table: true })).statusCode).toBe(201);
    }
    const [year, month] = date.split('-').map(Number);
    const fullFor = async (guests: number) =>
      (await t.app.inject({ method: 'GET', url: `/api/reservations/fully-booked-dates?year=${year}&month=${month}&guests=${guests}` })).json().data;
    expect(await fullFor(20)).toContain(date);
    expect(await fullFor(2)).not.toContain(date);
  });

  it('asks the down payment per guest or per group when the owner says so', async () => {
    const policy = (await t.app.inject({ method: 'GET', url: '/api/staff/booking-policy', headers: adminAuth })).json().data;
    const { updated_by: _by, updated_at: _at, ...fields } = policy;
    const put = (change: Record<string, unknown>) => t.app.inject({ method: 'PUT', url: '/api/staff/booking-policy', headers: adminAuth, payload: { ...fields, ...change } });
    expect((await put({ down_payment_per: 'group', down_payment_group_size: 4 })).statusCode).toBe(200);
    const customer = await quickCustomer(t.app);
    const booked = await book(customer.auth, customer.user.email, daysFromNow(17), '17:00', 12, { best_table: true });
    expect(booked.json().data.down_payment_due).toBe(300);
    expect((await put({ down_payment_per: 'guest' })).statusCode).toBe(200);
    const perGuest = await book(customer.auth, customer.user.email, daysFromNow(17), '18:30', 3, { best_table: true });
    expect(perGuest.json().data.down_payment_due).toBe(300);
    expect((await put({ down_payment_per: 'reservation' })).statusCode).toBe(200);
  });
});

describe('the owner joins tables', () => {
  it('adds a combination, refuses a duplicate, and retires it with any of its tables', async () => {
    const [one, two] = [await tableIdOf(t, 1), await tableIdOf(t, 2)];
    const staffTry = await t.app.inject({ method: 'POST', url: '/api/staff/table-combinations', headers: staffAuth, payload: { table_ids: [one, two], seats: 4 } });
    expect(staffTry.statusCode).toBe(403);
    const created = await t.app.inject({ method: 'POST', url: '/api/staff/table-combinations', headers: adminAuth, payload: { table_ids: [one, two], seats: 4 } });
    expect(created.statusCode).toBe(201);
    expect(created.json().message).toBe('Tables 1 + 2 can be joined for 4.');
    const again = await t.app.inject({ method: 'POST', url: '/api/staff/table-combinations', headers: adminAuth, payload: { table_ids: [two, one], seats: 3 } });
    expect(again.statusCode).toBe(409);
    const bad = await t.app.inject({ method: 'POST', url: '/api/staff/table-combinations', headers: adminAuth, payload: { table_ids: [one], seats: 99 } });
    expect(bad.statusCode).toBe(400);

    expect((await optionsFor(daysFromNow(20), '17:00', 4)).options.some((option) => option.table_numbers.join() === '1,2')).toBe(true);
    const retired = await t.app.inject({ method: 'PATCH', url: `/api/staff/tables/${two}`, headers: adminAuth, payload: { is_active: false } });
    expect(retired.statusCode).toBe(200);
    const list = (await t.app.inject({ method: 'GET', url: '/api/staff/table-combinations', headers: staffAuth })).json().data;
    expect(list.find((combination: { id: number }) => combination.id === created.json().data.id)).toMatchObject({ is_active: false });
    expect((await optionsFor(daysFromNow(20), '17:00', 4)).options.some((option) => option.table_numbers.includes(2))).toBe(false);
    const back = await t.app.inject({ method: 'PATCH', url: `/api/staff/table-combinations/${created.json().data.id}`, headers: adminAuth, payload: { is_active: true } });
    expect(back.statusCode).toBe(409);
    await t.app.inject({ method: 'PATCH', url: `/api/staff/tables/${two}`, headers: adminAuth, payload: { is_active: true } });
  });
});

describe('the host stand', () => {
  it('seats a group on joined tables from any of them with one table code, whose refill requests name the joined tables', async () => {
    const customer = await quickCustomer(t.app);
    const booked = await book(customer.auth, customer.user.email, daysFromNow(0), '20:00', 12, { best_table: true });
    expect(booked.json().data.table_numbers).toEqual([7, 8]);
    const { id } = booked.json().data;
    expect((await t.app.inject({ method: 'POST', url: `/api/staff/reservations/${id}/confirm`, headers: staffAuth })).statusCode).toBe(200);

    const floor = (await t.app.inject({ method: 'GET', url: '/api/staff/tables', headers: staffAuth })).json().data as {
      table_number: number;
      tonight?: { id: number; table_numbers: number[] }[];
    }[];
    for (const number of [7, 8]) {
      expect(floor.find((table) => table.table_number === number)!.tonight).toContainEqual(expect.objectContaining({ id, table_numbers: [7, 8] }));
    }
    const seated = await t.app.inject({ method: 'POST', url: '/api/staff/dining-sessions', headers: staffAuth, payload: { reservation_id: id, table_number: 8 } });
    expect(seated.statusCode).toBe(201);
    const again = await t.app.inject({ method: 'POST', url: '/api/staff/dining-sessions', headers: staffAuth, payload: { reservation_id: id, table_number: 7 } });
    expect(again.statusCode).toBe(409);

    await requestRefill(t.app, seated.json().data.table_code);
    const queue = (await t.app.inject({ method: 'GET', url: '/api/staff/refill-requests', headers: staffAuth })).json().data as { table_numbers: number[] }[];
    expect(queue.at(-1)).toMatchObject({ table_numbers: [7, 8] });
  });

  it('marks every joined table seated while the group dines: no walk-in can take one, in the API or in SQL, until the session closes', async () => {
    const customer = await quickCustomer(t.app);
    const booked = await book(customer.auth, customer.user.email, daysFromNow(0), '20:00', 16, { best_table: true });
    expect(booked.json()).toMatchObject({ data: { table_numbers: [9, 10] } });
    const { id } = booked.json().data;
    expect((await t.app.inject({ method: 'POST', url: `/api/staff/reservations/${id}/confirm`, headers: staffAuth })).statusCode).toBe(200);
    const seated = await t.app.inject({ method: 'POST', url: '/api/staff/dining-sessions', headers: staffAuth, payload: { reservation_id: id } });
    expect(seated.statusCode).toBe(201);
    expect(seated.json().message).toMatch(/^Barkada's party is seated at tables 9 \+ 10\. Its code is [A-Z0-9]{6}\.$/);
    const session = seated.json().data as { id: number; table_code: string; table_numbers: number[] };
    expect(session.table_numbers).toEqual([9, 10]);

    const floor = async () =>
      (
        (await t.app.inject({ method: 'GET', url: '/api/staff/tables', headers: staffAuth })).json().data as {
          table_number: number;
          state: string;
          session: { id: number } | null;
        }[]
      )
        .filter((table) => table.table_number === 9 || table.table_number === 10)
        .map((table) => ({ number: table.table_number, state: table.state, session: table.session?.id ?? null }));
    expect(await floor()).toEqual([
      { number: 9, state: 'seated', session: session.id },
      { number: 10, state: 'seated', session: session.id },
    ]);
    const walkIn = await t.app.inject({ method: 'POST', url: '/api/staff/dining-sessions', headers: staffAuth, payload: { table_number: 10 } });
    expect(walkIn.statusCode).toBe(409);
    expect(walkIn.json().message).toBe('Table 10 already has a dining session. Close it before opening a new one.');
    await expect(
      t.db.query(`INSERT INTO dining_sessions (table_id, table_code, duration_sec, ends_at) VALUES ($1, 'SNEAKY', 60, now() + interval '1 minute')`, [await tableIdOf(t, 10)]),
    ).rejects.toMatchObject({ code: '23505' });

    const extended = await t.app.inject({ method: 'POST', url: `/api/staff/dining-sessions/${session.id}/extend`, headers: staffAuth, payload: { minutes: 15 } });
    expect(extended.json().message).toBe('Tables 9 + 10 have 15 more minutes.');
    const closed = await t.app.inject({ method: 'POST', url: `/api/staff/dining-sessions/${session.id}/close`, headers: staffAuth });
    expect(closed.statusCode).toBe(200);
    expect(closed.json().message).toBe('Tables 9 + 10 are closed.');
    expect(await floor()).toEqual([
      { number: 9, state: expect.not.stringMatching(/^seated$/), session: null },
      { number: 10, state: expect.not.stringMatching(/^seated$/), session: null },
    ]);
    const afterwards = await t.app.inject({ method: 'POST', url: '/api/staff/dining-sessions', headers: staffAuth, payload: { table_number: 10 } });
    expect(afterwards.statusCode).toBe(201);
    await t.app.inject({ method: 'POST', url: `/api/staff/dining-sessions/${afterwards.json().data.id}/close`, headers: staffAuth });
  });
});

describe('the database holds every table once', () => {
  // Two hundred bookings on a shared 2-core machine: allow them time.
  it('200 simultaneous bookings over overlapping combinations and single tables never hold one table twice', async () => {
    const date = daysFromNow(30);
    const customers = await Promise.all(Array.from({ length: 10 }, () => quickCustomer(t.app)));
    const combinations = (await t.app.inject({ method: 'GET', url: '/api/staff/table-combinations', headers: staffAuth })).json().data as {
      id: number;
      is_active: boolean;
    }[];
    const active = combinations.filter((combination) => combination.is_active);
    const tableIds = await Promise.all([7, 8, 9, 10].map((number) => tableIdOf(t, number)));
    const attempts = Array.from({ length: 200 }, (_, index) => {
      const customer = customers[index % customers.length];
      const choice =
        index % 3 === 0 ? { table_id: tableIds[index % tableIds.length] } : index % 3 === 1 ? { combination_id: active[index % active.length].id } : { best_table: true };
      return book(customer.auth, customer.user.email, date, '17:00', 2, choice);
    });
    const answers = await Promise.all(attempts);
    // Each is booked or refused as taken: a pool of 5 connections makes the others wait their turn, never fail.
    expect(answers.filter((answer) => answer.statusCode !== 201 && answer.statusCode !== 409).map((answer) => answer.json())).toEqual([]);
    expect(answers.some((answer) => answer.statusCode === 201)).toBe(true);

    const held = await t.db.query<{ table_id: number; holders: number }>(
      `SELECT held.table_id, count(*)::int AS holders
         FROM reservations r
         CROSS JOIN LATERAL (SELECT m.table_id FROM table_combination_members m WHERE m.combination_id = r.combination_id
                             UNION SELECT r.table_id) held
        WHERE r.reservation_date = $1::date AND r.reservation_time = '17:00' AND r.status IN ('pending', 'confirmed')
        GROUP BY held.table_id`,
      [date],
    );
    expect(held.length).toBeGreaterThan(0);
    expect(held.filter((row) => row.holders > 1)).toEqual([]);
    // Every table is held at most once, and every booking holds exactly its tables.
    const rows = await t.db.query<{ count: number }>(
      `SELECT count(*)::int AS count FROM table_holds WHERE reservation_id IS NOT NULL AND reservation_date = $1::date AND reservation_time = '17:00'`,
      [date],
    );
    expect(rows[0].count).toBe(held.length);
  }, 120_000);

  it('holds every table of a waitlist offer of joined tables in the database, until the group claims them', async () => {
    const date = daysFromNow(34);
    const first = await quickCustomer(t.app);
    const taken = await book(first.auth, first.user.email, date, '17:00', 20, { best_table: true });
    expect(taken.json().data.table_numbers).toEqual([8, 9, 10]);
    const group = await quickCustomer(t.app);
    const joined = await t.app.inject({
      method: 'POST',
      url: '/api/waitlist',
      headers: group.auth,
      payload: { customer_name: 'Barkada', phone: '09171234567', email: group.user.email, reservation_date: date, reservation_time: '17:00', number_of_guests: 20 },
    });
    expect(joined.statusCode).toBe(201);
    const entry = joined.json().data.id as number;
    const declined = await t.app.inject({ method: 'POST', url: `/api/staff/reservations/${taken.json().data.id}/decline`, headers: staffAuth, payload: { reason: 'No payment.' } });
    expect(declined.statusCode).toBe(200);
    await runBookingSweep(t.app);
    // The offer's email is sent by a job.
    const offer = await waitUntil(() => outboxTo(t.config.mailboxDir, group.user.email).find((mail) => mail.subject === 'A table is free at Samgyup Plaridel'), {
      what: `the offer's email to ${group.user.email}`,
    });
    expect(offer.text).toContain('Tables 8 + 9 + 10');

    const holds = await t.db.query<{ table_number: number }>(
      `SELECT t.table_number FROM table_holds h JOIN restaurant_tables t ON t.id = h.table_id WHERE h.waitlist_entry_id = $1 ORDER BY 1`,
      [entry],
    );
    expect(holds.map((row) => row.table_number)).toEqual([8, 9, 10]);
    // Neither a booking nor another offer can take one of them, whatever the application does.
    await expect(
      t.db.query(
        `INSERT INTO reservations (customer_id, customer_name, email, phone, table_id, number_of_guests, reservation_date, reservation_time, down_payment_due)
         VALUES ($1, 'Sneaky', $2, '0917', $3, 2, $4::date, '17:00', 100)`,
        [first.user.id, first.user.email, await tableIdOf(t, 9), date],
      ),
    ).rejects.toMatchObject({ code: '23505' });
    await expect(
      t.db.query(
        `INSERT INTO waitlist_entries (customer_id, reservation_date, reservation_time, party_size, customer_name, email, phone, status, offered_table_id, offer_expires_at)
         VALUES ($1, $2::date, '17:00', 2, 'Sneaky', $3, '0917', 'offered', $4, now() + interval '15 minutes')`,
        [first.user.id, date, first.user.email, await tableIdOf(t, 10)],
      ),
    ).rejects.toMatchObject({ code: '23505' });
    const single = await book(first.auth, first.user.email, date, '17:00', 2, { table_id: await tableIdOf(t, 8) });
    expect(single.statusCode).toBe(409);

    const token = /\/reservation-claim\?token=([\w-]+)/.exec(offer.text)![1];
    const claimed = await t.app.inject({ method: 'POST', url: `/api/waitlist/claim/${token}`, headers: group.auth });
    expect(claimed.statusCode).toBe(201);
    expect(claimed.json().data).toMatchObject({ table_numbers: [8, 9, 10], number_of_guests: 20 });
    const after = await t.db.query<{ reservation_id: number | null; waitlist_entry_id: number | null }>(
      `SELECT reservation_id, waitlist_entry_id FROM table_holds WHERE reservation_date = $1::date AND reservation_time = '17:00'`,
      [date],
    );
    expect(after).toHaveLength(3);
    expect(after.every((row) => row.reservation_id === claimed.json().data.id && row.waitlist_entry_id === null)).toBe(true);
  });

  it('refuses a second holder of a table in SQL itself, whatever the application does', async () => {
    const date = daysFromNow(31);
    const customer = await quickCustomer(t.app);
    const [nineTen] = (await optionsFor(date, '17:00', 16)).options;
    expect((await book(customer.auth, customer.user.email, date, '17:00', 16, { combination_id: nineTen.combination_id })).statusCode).toBe(201);
    await expect(
      t.db.query(
        `INSERT INTO reservations (customer_id, customer_name, email, phone, table_id, number_of_guests, reservation_date, reservation_time, down_payment_due)
         VALUES ($1, 'Sneaky', $2, '0917', $3, 2, $4::date, '17:00', 100)`,
        [customer.user.id, customer.user.email, await tableIdOf(t, 10), date],
      ),
    ).rejects.toMatchObject({ code: '23505' });
  });
});
