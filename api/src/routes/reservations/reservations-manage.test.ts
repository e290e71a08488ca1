import type { TestApp } from '../../test/create-test-app';
import { seededAppWithStaffAndAdmin } from '../../test/seeded-app';
import { bookTable, daysFromNow, manageTokenIn, outboxTo, tableIdOf } from '../../test/booking-helper';
import { reservationMessages } from '@samgyup/shared/validation';
import { linkToken } from '../../lib/signed-links';

let t: TestApp;
let staff: Record<string, string>;
let admin: Record<string, string>;
beforeAll(async () => ({ t, staffAuth: staff, adminAuth: admin } = await seededAppWithStaffAndAdmin({ RATE_LIMIT_ENABLED: 'false' })));
afterAll(() => t.close());

// Each test books on its own day, so tests never share a slot.
let day = 20;
const nextDay = () => daysFromNow(day++);

async function confirmedWithLink(options: { date?: string; time?: string; tableNumber?: number } = {}) {
  const booked = await bookTable(t, { date: options.date ?? nextDay(), time: options.time, tableNumber: options.tableNumber ?? 4, staffAuth: staff });
  const [mail] = outboxTo(t.config.mailboxDir, booked.customer.user.email);
  return { ...booked, token: manageTokenIn(mail.text), mail };
}

const manage = (token: string, action = '', payload?: object) =>
  t.app.inject({ method: action ? 'POST' : 'GET', url: `/api/reservations/manage/${token}${action ? `/${action}` : ''}`, ...(payload ? { payload } : {}) });

const available = async (date: string, time = '18:30') =>
  ((await t.app.inject({ method: 'GET', url: `/api/tables/available?date=${date}&time=${time}` })).json().data as { table_number: number }[]).map((row) => row.table_number);

describe('the manage link', () => {
  it('comes in the confirmation email and text, and shows the reservation, until when it can change and what happens to the down payment', async () => {
    const { reservation, token, mail, phone } = await confirmedWithLink();
    expect(mail.text).toContain(`View, cancel or move this reservation: http://127.0.0.1:3000/reservation-manage?token=${token}`);
    const [text] = outboxTo(t.config.sms.outboxDir, phone);
    expect(text.text).toContain(`/reservation-manage?token=${token}`);
    const answer = await manage(token);
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['cache-control']).toBe('private, no-store');
    expect(answer.json().data).toMatchObject({
      id: reservation.id,
      status: 'confirmed',
      payment_status: 'paid',
      down_payment_on_cancel: 'Your ₱100 down payment is refunded to the account you paid from within 7 days.',
    });
    expect(new Date(answer.json().data.changes_until).getTime()).toBeGreaterThan(Date.now());
    expect(JSON.stringify(answer.json())).not.toContain('@example.com');
  });

  it('refuses a forged, altered or foreign token with one message, and an expired one after the visit', async () => {
    const { reservation, token } = await confirmedWithLink();
    const badLink = { success: false, message: 'This link is not valid. Please open the link from your latest message about this reservation.' };
    const altered = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
    const otherId = token.replace(/^\d+/, String(reservation.id + 1));
    for (const forged of [
      altered,
      otherId,
      'garbage',
      `${reservation.id}-${'x'.repeat(32)}`,
      linkToken('another-secret-another-secret-123', 'reservation-manage', reservation.id),
    ]) {
      const answer = await manage(forged);
      expect({ forged, status: answer.statusCode, body: answer.json() }).toEqual({ forged, status: 404, body: badLink });
      expect((await manage(forged, 'cancel')).statusCode).toBe(404);
    }
    await t.db.query(`UPDATE reservations SET reservation_date = $2::date WHERE id = $1`, [reservation.id, daysFromNow(-2)]);
    expect((await manage(token)).json()).toEqual({ success: false, message: 'This link has expired: the visit is over.' });
    expect((await manage(token)).statusCode).toBe(410);
  });

  it('cancels: the slot frees, staff see who did it, and the diner gets a cancelling calendar file (same UID, higher SEQUENCE)', async () => {
    const date = nextDay();
    const { reservation, token, customer, phone } = await confirmedWithLink({ date, tableNumber: 5 });
    expect(await available(date)).not.toContain(5);
    const answer = await manage(token, 'cancel');
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toMatchObject({ success: true, message: 'Your reservation is cancelled.', data: { status: 'cancelled', changes_until: null } });
    expect(await available(date)).toContain(5);

    const mails = outboxTo(t.config.mailboxDir, customer.user.email);
    expect(mails).toHaveLength(2);
    expect(mails[1].subject).toBe('Your reservation at Samgyup Plaridel is cancelled');
    expect(mails[1].text).toContain('Your ₱100 down payment is refunded to the account you paid from within 7 days.');
    const calendar = mails[1].attachments![0];
    expect(calendar.contentType).toBe('text/calendar; charset=utf-8; method=CANCEL');
    expect(calendar.content).toContain(`METHOD:CANCEL\r\nBEGIN:VEVENT\r\nUID:reservation-${reservation.id}@samgyupplaridel.ph\r\nSEQUENCE:1\r\nSTATUS:CANCELLED`);
    expect(mails[0].attachments![0].content).toContain('SEQUENCE:0');
    expect(outboxTo(t.config.sms.outboxDir, phone).at(-1)!.text).toContain('is cancelled');

    const history = await t.app.inject({ method: 'GET', url: `/api/staff/reservations/${reservation.id}/history`, headers: staff });
    expect(history.json().data).toEqual([
      expect.objectContaining({ action: 'cancel', actor: `customer (${customer.user.email})`, details: expect.objectContaining({ via: 'manage link' }) }),
    ]);
    const again = await manage(token, 'cancel');
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This reservation is no longer active, so it cannot be changed.');
  });

  it('reschedules keeping the id: the old slot frees, the new one is taken, and an updated calendar file goes out', async () => {
    const from = nextDay();
    const to = nextDay();
    const { reservation, token, customer } = await confirmedWithLink({ date: from, tableNumber: 6 });
    const answer = await manage(token, 'reschedule', { reservation_date: to, reservation_time: '20:00' });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toMatchObject({
      message: 'Your reservation has moved. We sent you an updated calendar file.',
      data: { id: reservation.id, reservation_date: to, reservation_time: '20:00', table_number: 6, status: 'confirmed' },
    });
    expect(await available(from)).toContain(6);
    expect(await available(to, '20:00')).not.toContain(6);
    const moved = outboxTo(t.config.mailboxDir, customer.user.email).at(-1)!;
    expect(moved.subject).toBe('Your reservation at Samgyup Plaridel has moved');
    expect(moved.attachments![0].content).toContain(`METHOD:PUBLISH\r\nBEGIN:VEVENT\r\nUID:reservation-${reservation.id}@samgyupplaridel.ph\r\nSEQUENCE:1`);
    expect(manageTokenIn(moved.text)).toBe(token);
    const history = (await t.app.inject({ method: 'GET', url: `/api/staff/reservations/${reservation.id}/history`, headers: staff })).json().data;
    expect(history).toEqual([
      expect.objectContaining({
        action: 'reschedule',
        details: expect.objectContaining({ from: { date: from, time: '18:30', table_id: reservation.table_id }, to: { date: to, time: '20:00', table_id: reservation.table_id } }),
      }),
    ]);
  });

  it('refuses a move to a taken slot, or to a table too small, and leaves the reservation where it was', async () => {
    const date = nextDay();
    await bookTable(t, { date, time: '17:00', tableNumber: 7 });
    const { token, reservation } = await confirmedWithLink({ date, tableNumber: 7 });
    const taken = await manage(token, 'reschedule', { reservation_date: date, reservation_time: '17:00' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe(reservationMessages.tableTaken);
    // Table 1 seats two; this party is four.
    await t.db.query('UPDATE reservations SET number_of_guests = 4 WHERE id = $1', [reservation.id]);
    const small = await manage(token, 'reschedule', { reservation_date: date, reservation_time: '20:00', table_id: await tableIdOf(t, 1) });
    expect({ status: small.statusCode, message: small.json().message }).toEqual({ status: 400, message: reservationMessages.tooManyGuests });
    const same = await manage(token, 'reschedule', { reservation_date: date, reservation_time: '18:30' });
    expect(same.json()).toEqual({ success: false, message: 'Choose a different date, time slot or table.' });
    const past = await manage(token, 'reschedule', { reservation_date: daysFromNow(-1), reservation_time: '18:30' });
    expect(past.statusCode).toBe(400);
    for (const body of [
      {},
      { reservation_date: '2026-02-30', reservation_time: '18:30' },
      { reservation_date: date, reservation_time: '19:00' },
      { reservation_date: date, reservation_time: '20:00', table_id: 'x' },
    ]) {
      const bad = await manage(token, 'reschedule', body);
      expect({ body, status: bad.statusCode }).toEqual({ body, status: 400 });
    }
    expect((await manage(token)).json().data).toMatchObject({ id: reservation.id, reservation_date: date, reservation_time: '18:30', table_number: 7 });
  });

  it('lets only one of two diners moving into the same free table-slot at once win (the database guard holds)', async () => {
    const target = nextDay();
    const first = await confirmedWithLink({ tableNumber: 8 });
    const second = await confirmedWithLink({ tableNumber: 8 });
    const tableId = await tableIdOf(t, 2);
    const answers = await Promise.all([first, second].map((one) => manage(one.token, 'reschedule', { reservation_date: target, reservation_time: '17:00', table_id: tableId })));
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    const [{ count }] = await t.db.query<{ count: number }>(
      `SELECT count(*)::int AS count FROM reservations WHERE reservation_date = $1::date AND reservation_time = '17:00' AND table_id = $2 AND status IN ('pending', 'confirmed')`,
      [target, tableId],
    );
    expect(count).toBe(1);
  });

  it('closes changes at the cutoff the admin sets, and says so', async () => {
    const { token } = await confirmedWithLink();
    const policy = (await t.app.inject({ method: 'GET', url: '/api/booking-policy' })).json().data;
    expect(policy).toMatchObject({
      change_cutoff_hours: 24,
      refund_on_cancel: true,
      hold_minutes: 30,
      first_reminder_minutes: 1440,
      second_reminder_minutes: 180,
      waitlist_offer_minutes: 15,
    });
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/api/staff/booking-policy',
      headers: admin,
      payload: { ...pick(policy), change_cutoff_hours: 720, refund_on_cancel: false },
    });
    expect(saved.statusCode).toBe(200);
    try {
      // The cutoff applies at once; the refund stays as it was when this one was booked.
      expect((await manage(token)).json().data).toMatchObject({
        changes_until: null,
        down_payment_on_cancel: 'Your ₱100 down payment is refunded to the account you paid from within 7 days.',
      });
      const bookedNow = await confirmedWithLink();
      expect((await manage(bookedNow.token)).json().data.down_payment_on_cancel).toBe('Your ₱100 down payment is not refunded.');
      const refused = await manage(token, 'cancel');
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toBe('Changes close 720 hours before your slot. Please call us to change this reservation.');
    } finally {
      await t.app.inject({ method: 'PUT', url: '/api/staff/booking-policy', headers: admin, payload: pick(policy) });
    }
  });
});

describe('My reservations', () => {
  const own = (auth: Record<string, string>, id: number, action = '', payload?: object) =>
    t.app.inject({ method: action ? 'POST' : 'GET', url: `/api/reservations/${id}/${action || 'manage'}`, headers: auth, ...(payload ? { payload } : {}) });

  it('lets the logged-in owner view, move and cancel through the same rules as the link, refuses anyone else, and lists the cancelled one apart', async () => {
    const from = nextDay();
    const to = nextDay();
    const { reservation, customer } = await confirmedWithLink({ date: from, tableNumber: 8 });
    const stranger = await bookTable(t, { date: nextDay(), tableNumber: 8 });

    const viewed = await own(customer.auth, reservation.id);
    expect(viewed.statusCode).toBe(200);
    expect(viewed.json().data).toMatchObject({
      id: reservation.id,
      status: 'confirmed',
      down_payment_on_cancel: 'Your ₱100 down payment is refunded to the account you paid from within 7 days.',
    });
    for (const action of ['', 'cancel', 'reschedule']) {
      const refused = await own(stranger.customer.auth, reservation.id, action, action === 'reschedule' ? { reservation_date: to, reservation_time: '20:00' } : undefined);
      expect({ action, status: refused.statusCode, body: refused.json() }).toEqual({ action, status: 404, body: { success: false, message: 'Reservation not found.' } });
    }
    expect((await own(customer.auth, 0)).json()).toEqual({ success: false, message: 'Reservation not found.' });
    const badDay = await own(customer.auth, reservation.id, 'reschedule', { reservation_date: 'soon', reservation_time: '20:00' });
    expect(badDay.statusCode).toBe(400);

    const moved = await own(customer.auth, reservation.id, 'reschedule', { reservation_date: to, reservation_time: '20:00' });
    expect(moved.json()).toMatchObject({ message: 'Your reservation has moved. We sent you an updated calendar file.', data: { reservation_date: to, reservation_time: '20:00' } });
    expect(await available(from)).toContain(8);

    const cancelled = await own(customer.auth, reservation.id, 'cancel');
    expect(cancelled.json()).toMatchObject({ message: 'Your reservation is cancelled.', data: { status: 'cancelled' } });
    expect((await own(customer.auth, reservation.id, 'cancel')).json().message).toBe('This reservation is no longer active, so it cannot be changed.');
    const history = (await t.app.inject({ method: 'GET', url: `/api/staff/reservations/${reservation.id}/history`, headers: staff })).json().data;
    expect(history.map((entry: { action: string; details: { via: string } }) => [entry.action, entry.details.via])).toEqual([
      ['reschedule', 'my reservations'],
      ['cancel', 'my reservations'],
    ]);

    // What the diner was promised at cancelling stays, even after the owner changes the policy.
    await t.db.query('UPDATE booking_policy SET refund_on_cancel = false');
    try {
      expect((await own(customer.auth, reservation.id)).json().data.down_payment_on_cancel).toBe('Your ₱100 down payment is refunded to the account you paid from within 7 days.');
    } finally {
      await t.db.query('UPDATE booking_policy SET refund_on_cancel = true');
    }
    const mine = (await t.app.inject({ method: 'GET', url: '/api/reservations/mine', headers: customer.auth })).json().data;
    expect(mine.upcoming).toEqual([]);
    expect(mine.cancelled).toEqual([expect.objectContaining({ id: reservation.id, status: 'cancelled', decided_by: 'customer' })]);
  });
});

function pick(policy: Record<string, unknown>) {
  const { change_cutoff_hours, refund_on_cancel, hold_minutes, first_reminder_minutes, second_reminder_minutes, waitlist_offer_minutes } = policy;
  return { change_cutoff_hours, refund_on_cancel, hold_minutes, first_reminder_minutes, second_reminder_minutes, waitlist_offer_minutes };
}

describe('the booking policy', () => {
  it('is changed by admins only, with clear messages for bad values', async () => {
    const body = { change_cutoff_hours: 12, refund_on_cancel: true, hold_minutes: 30, first_reminder_minutes: 1440, second_reminder_minutes: 120, waitlist_offer_minutes: 10 };
    expect((await t.app.inject({ method: 'PUT', url: '/api/staff/booking-policy', headers: staff, payload: body })).statusCode).toBe(403);
    const cases: [object, string][] = [
      [{ ...body, change_cutoff_hours: -1 }, 'Send change_cutoff_hours as a whole number from 0 to 720.'],
      [{ ...body, second_reminder_minutes: 1440 }, 'The second reminder must come closer to the slot than the first.'],
      [{ ...body, extra: 1 }, 'Send only the policy fields.'],
      [{ ...body, refund_on_cancel: 'yes' }, 'Send refund_on_cancel as true or false.'],
    ];
    for (const [payload, message] of cases) {
      const answer = await t.app.inject({ method: 'PUT', url: '/api/staff/booking-policy', headers: admin, payload });
      expect({ status: answer.statusCode, body: answer.json() }).toEqual({ status: 400, body: { success: false, message } });
    }
    const saved = await t.app.inject({ method: 'PUT', url: '/api/staff/booking-policy', headers: admin, payload: body });
    expect(saved.json()).toMatchObject({ success: true, message: 'The booking policy is saved.', data: { ...body, updated_by: expect.stringContaining('@samgyup.test') } });
    expect((await t.app.inject({ method: 'GET', url: '/api/booking-policy' })).json().data).not.toHaveProperty('updated_by');
    await t.app.inject({
      method: 'PUT',
      url: '/api/staff/booking-policy',
      headers: admin,
      payload: { ...body, change_cutoff_hours: 24, second_reminder_minutes: 180, waitlist_offer_minutes: 15 },
    });
  });
});
