import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { createTestApp, type TestApp } from '../../test/create-test-app';
import { quickCustomer, quickStaff } from '../../test/customer-helper';
import { bookTable, daysFromNow } from '../../test/booking-helper';

let t: TestApp;
let staff: Awaited<ReturnType<typeof quickStaff>>;
let customer: Awaited<ReturnType<typeof quickCustomer>>;
beforeAll(async () => {
  t = await createTestApp({ seed: true, env: { RATE_LIMIT_ENABLED: 'false' } });
  staff = await quickStaff(t.app);
  customer = await quickCustomer(t.app);
});
afterAll(() => t.close());

let table = 0;
async function book(date = daysFromNow(3), who: { customer_name?: string; phone?: string } = {}, as = customer) {
  const [{ id: tableId }] = await t.db.query<{ id: number }>('SELECT id FROM restaurant_tables WHERE table_number = $1', [(table++ % 10) + 1]);
  const answer = await t.app.inject({
    method: 'POST',
    url: '/api/reservations',
    headers: as.auth,
    payload: {
      customer_name: 'Ana Cruz',
      phone: '0917 555 0142',
      email: as.user.email,
      table_id: tableId,
      number_of_guests: 2,
      reservation_date: date,
      reservation_time: ['17:00', '18:30', '20:00'][table % 3],
      ...who,
    },
  });
  expect(answer.statusCode).toBe(201);
  return answer.json().data as { id: number; table_number: number };
}

const mailsTo = (email: string) => {
  let files: string[] = [];
  try {
    files = readdirSync(t.config.mailboxDir);
  } catch {
    return [];
  }
  return files.filter((file) => file.endsWith(`${email}.json`)).map((file) => JSON.parse(readFileSync(path.join(t.config.mailboxDir, file), 'utf8')));
};

describe('staff reservations', () => {
  it('lists upcoming reservations by date and slot with status and payment status', async () => {
    const later = await book(daysFromNow(6));
    const sooner = await book(daysFromNow(2));
    const list = (await t.app.inject({ method: 'GET', url: '/api/staff/reservations', headers: staff.auth })).json().data as { id: number }[];
    const ids = list.map((row) => row.id);
    expect(ids.indexOf(sooner.id)).toBeLessThan(ids.indexOf(later.id));
    expect(list.find((row) => row.id === later.id)).toMatchObject({ status: 'pending', payment_status: 'pending' });
    const ranged = await t.app.inject({ method: 'GET', url: `/api/staff/reservations?from=${daysFromNow(6)}&to=${daysFromNow(6)}`, headers: staff.auth });
    expect(ranged.json().data.map((row: { id: number }) => row.id)).toEqual([later.id]);
  });

  it('confirms: payment paid, status confirmed, who and when recorded, and the customer gets the details with an .ics', async () => {
    const reservation = await book();
    const answer = await t.app.inject({ method: 'POST', url: `/api/staff/reservations/${reservation.id}/confirm`, headers: staff.auth });
    expect(answer.statusCode).toBe(200);
    const data = answer.json().data;
    expect(data).toMatchObject({ status: 'confirmed', payment_status: 'paid', decided_by: staff.email });
    expect(Date.now() - new Date(data.decided_at).getTime()).toBeLessThan(60_000);
    const owner = await t.app.inject({ method: 'GET', url: `/api/reservations/${reservation.id}`, headers: customer.auth });
    expect(owner.json().data.status).toBe('confirmed');
    const mail = mailsTo(customer.user.email).find((message) => message.text.includes(`Reservation #${reservation.id}`));
    expect(mail.subject).toContain('confirmed');
    expect(mail.attachments[0].filename).toBe(`samgyup-reservation-${reservation.id}.ics`);
    expect(mail.attachments[0].content).toContain('BEGIN:VEVENT');
  });

  it('declines with a reason: status declined, payment rejected, and the customer is told why', async () => {
    const reservation = await book();
    const noReason = await t.app.inject({ method: 'POST', url: `/api/staff/reservations/${reservation.id}/decline`, headers: staff.auth, payload: {} });
    expect(noReason.statusCode).toBe(400);
    const answer = await t.app.inject({
      method: 'POST',
      url: `/api/staff/reservations/${reservation.id}/decline`,
      headers: staff.auth,
      payload: { reason: 'The payment did not arrive.' },
    });
    expect(answer.json().data).toMatchObject({ status: 'declined', payment_status: 'rejected', decline_reason: 'The payment did not arrive.', decided_by: staff.email });
    expect(mailsTo(customer.user.email).some((message) => message.text.includes('Reason: The payment did not arrive.'))).toBe(true);
  });

  it('lets only one of many staff confirming at once win; the others hear who did', async () => {
    const reservation = await book();
    const crew = await Promise.all(Array.from({ length: 8 }, () => quickStaff(t.app)));
    const answers = await Promise.all(crew.map((member) => t.app.inject({ method: 'POST', url: `/api/staff/reservations/${reservation.id}/confirm`, headers: member.auth })));
    expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(1);
    const losers = answers.filter((answer) => answer.statusCode === 409);
    expect(losers).toHaveLength(7);
    const winner = crew[answers.findIndex((answer) => answer.statusCode === 200)];
    expect(losers[0].json().message).toBe(`This reservation was already confirmed by ${winner.email}.`);
    const decline = await t.app.inject({ method: 'POST', url: `/api/staff/reservations/${reservation.id}/decline`, headers: staff.auth, payload: { reason: 'x' } });
    expect(decline.statusCode).toBe(409);
  });

  it('is for staff only, and answers 404 for an unknown reservation', async () => {
    const reservation = await book();
    expect((await t.app.inject({ method: 'POST', url: `/api/staff/reservations/${reservation.id}/confirm`, headers: customer.auth })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'POST', url: `/api/staff/reservations/${reservation.id}/confirm` })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: '/api/staff/reservations/999999/confirm', headers: staff.auth })).statusCode).toBe(404);
  });
});

describe('the staff list, narrowed', () => {
  const list = async (query: string) => {
    const answer = await t.app.inject({ method: 'GET', url: `/api/staff/reservations?${query}`, headers: staff.auth });
    expect(answer.statusCode).toBe(200);
    return answer.json().data as { id: number; status: string; refund_status: string | null }[];
  };
  const ids = (rows: { id: number }[]) => rows.map((row) => row.id);
  // Each test books as a diner of its own: one diner may hold only a few bookings waiting at once.
  let diner: typeof customer;
  beforeEach(async () => {
    diner = await quickCustomer(t.app);
  });

  it('by status: the ones needing action apart from cancelled and declined ones', async () => {
    const date = daysFromNow(9);
    const waiting = await book(date, {}, diner);
    const cancelled = await book(date, {}, diner);
    const declined = await book(date, {}, diner);
    await t.db.query(`UPDATE reservations SET status = 'cancelled' WHERE id = $1`, [cancelled.id]);
    await t.app.inject({ method: 'POST', url: `/api/staff/reservations/${declined.id}/decline`, headers: staff.auth, payload: { reason: 'Closed for a private event' } });
    expect(ids(await list(`from=${date}&to=${date}&status=pending`))).toEqual([waiting.id]);
    expect(ids(await list(`from=${date}&to=${date}&status=cancelled,declined`)).sort()).toEqual([cancelled.id, declined.id].sort());
    expect(ids(await list(`from=${date}&to=${date}`)).sort()).toEqual([waiting.id, cancelled.id, declined.id].sort());
  });

  it('by a search for the name, the phone however it is written, or the number, over every date', async () => {
    const far = await book(daysFromNow(45), { customer_name: 'Bituin Dela Paz', phone: '+63 918 222 7788' }, diner);
    const other = await book(daysFromNow(4), { customer_name: 'Carlo Reyes', phone: '0917 333 4455' }, diner);
    expect(ids(await list('q=bituin'))).toEqual([far.id]);
    expect(ids(await list('q=dela%20paz'))).toEqual([far.id]);
    expect(ids(await list('q=09182227788'))).toEqual([far.id]);
    expect(ids(await list('q=222-7788'))).toEqual([far.id]);
    expect(ids(await list(`q=%23${other.id}`))).toEqual([other.id]);
    // A wildcard is a letter like any other.
    expect(await list('q=%25')).toEqual([]);
    // With dates, the search stays within them.
    expect(await list(`q=bituin&from=${daysFromNow(1)}&to=${daysFromNow(10)}`)).toEqual([]);
  });

  it('marks a paid booking that was cancelled as owing a refund', async () => {
    const paid = await book(daysFromNow(11), {}, diner);
    await t.db.query(`UPDATE reservations SET status = 'cancelled', payment_status = 'paid' WHERE id = $1`, [paid.id]);
    const [row] = (await list(`q=%23${paid.id}`)).filter((one) => one.id === paid.id);
    expect(row).toMatchObject({ status: 'cancelled', refund_status: 'due' });
    const [waiting] = await list(`q=%23${(await book(daysFromNow(11), {}, diner)).id}`);
    expect(waiting.refund_status).toBeNull();
  });

  it("owes a diner's cancelled down payment by the policy it was booked under; a declined one always", async () => {
    const date = daysFromNow(12);
    const [{ refund_on_cancel: before }] = await t.db.query<{ refund_on_cancel: boolean }>('SELECT refund_on_cancel FROM booking_policy');
    const refunds = async () => Object.fromEntries((await list(`from=${date}&to=${date}`)).map((row) => [row.id, row.refund_status]));
    try {
      await t.db.query('UPDATE booking_policy SET refund_on_cancel = true');
      const bookedWithRefunds = await book(date, {}, diner);
      const declined = await book(date, {}, diner);
      await t.db.query('UPDATE booking_policy SET refund_on_cancel = false');
      // Another diner: one account holds only so many bookings waiting for a proof.
      const other = await quickCustomer(t.app);
      const bookedWithout = await book(date, {}, other);
      // A row an older release booked, without the column: the policy of the moment.
      const olderRelease = await book(date, {}, other);
      await t.db.query('UPDATE reservations SET refund_on_cancel = NULL WHERE id = $1', [olderRelease.id]);
      await t.db.query(`UPDATE reservations SET status = 'cancelled', payment_status = 'paid', decided_by = 'customer' WHERE id = ANY($1::int[])`, [
        [bookedWithRefunds.id, bookedWithout.id, olderRelease.id],
      ]);
      await t.db.query(`UPDATE reservations SET status = 'declined', payment_status = 'paid' WHERE id = $1`, [declined.id]);
      expect(await refunds()).toEqual({ [bookedWithRefunds.id]: 'due', [declined.id]: 'due', [bookedWithout.id]: null, [olderRelease.id]: null });
      await t.db.query('UPDATE booking_policy SET refund_on_cancel = true');
      expect(await refunds()).toEqual({ [bookedWithRefunds.id]: 'due', [declined.id]: 'due', [bookedWithout.id]: null, [olderRelease.id]: 'due' });
    } finally {
      await t.db.query('UPDATE booking_policy SET refund_on_cancel = $1', [before]);
    }
  });

  it('refuses a filter it does not know, in words, with a 400', async () => {
    for (const [query, message] of [
      ['status=lost', 'Filter by status with pending, confirmed, declined, cancelled, no_show (several separated by commas).'],
      [`from=${daysFromNow(5)}&to=${daysFromNow(1)}`, 'The first date must not be after the last.'],
      ['from=2026-02-30', 'Use real dates as YYYY-MM-DD.'],
      [`q=${'x'.repeat(101)}`, 'Search with at most 100 characters.'],
    ]) {
      const answer = await t.app.inject({ method: 'GET', url: `/api/staff/reservations?${query}`, headers: staff.auth });
      expect([answer.statusCode, answer.json().message]).toEqual([400, message]);
    }
  });
});

describe('no-shows', () => {
  it('are marked by staff on a confirmed reservation after its slot, and show in the customer record', async () => {
    const { reservation, customer: diner } = await bookTable(t, { date: daysFromNow(4), tableNumber: 9 });
    const mark = () => t.app.inject({ method: 'POST', url: `/api/staff/reservations/${reservation.id}/no-show`, headers: staff.auth });
    const pending = await mark();
    expect({ status: pending.statusCode, message: pending.json().message }).toEqual({ status: 409, message: 'Only a confirmed reservation can be marked as a no-show.' });
    await t.app.inject({ method: 'POST', url: `/api/staff/reservations/${reservation.id}/confirm`, headers: staff.auth });
    const early = await mark();
    expect({ status: early.statusCode, message: early.json().message }).toEqual({
      status: 409,
      message: 'A reservation can be marked as a no-show only after its slot has started.',
    });
    await t.db.query(`UPDATE reservations SET reservation_date = $2::date WHERE id = $1`, [reservation.id, daysFromNow(-1)]);
    expect((await t.app.inject({ method: 'POST', url: `/api/staff/reservations/${reservation.id}/no-show`, headers: diner.auth })).statusCode).toBe(403);
    const marked = await mark();
    expect(marked.statusCode).toBe(200);
    expect(marked.json()).toMatchObject({ message: `Reservation #${reservation.id} is marked as a no-show.`, data: { status: 'no_show', decided_by: staff.email } });
    expect((await mark()).statusCode).toBe(409);

    const history = (await t.app.inject({ method: 'GET', url: `/api/staff/reservations/${reservation.id}/history`, headers: staff.auth })).json().data;
    expect(history).toEqual([expect.objectContaining({ action: 'no_show', actor: `staff (${staff.email})` })]);
    const record = (await t.app.inject({ method: 'GET', url: `/api/staff/reservations/${reservation.id}/customer-record`, headers: staff.auth })).json().data;
    expect(record.no_shows).toBe(1);
    expect(record.reservations).toEqual(expect.arrayContaining([expect.objectContaining({ id: reservation.id, status: 'no_show', reservation_date: daysFromNow(-1) })]));
    const mine = (await t.app.inject({ method: 'GET', url: '/api/reservations/mine', headers: diner.auth })).json().data;
    expect(mine.past).toEqual(expect.arrayContaining([expect.objectContaining({ id: reservation.id, status: 'no_show' })]));
  });
});
