import { waitlistMessages } from '@samgyup/shared/validation';
import type { TestApp } from '../../test/create-test-app';
import { seededAppWithStaff } from '../../test/seeded-app';
import { quickCustomer } from '../../test/customer-helper';
import { bookTable, daysFromNow, manageTokenIn, outboxTo, tableIdOf } from '../../test/booking-helper';
import { waitUntil } from '../../test/wait-until';
import { runBookingSweep } from '../../services/periodic-work';
import { linkToken } from '../../lib/signed-links';

let t: TestApp;
let staff: Record<string, string>;
beforeAll(async () => ({ t, staffAuth: staff } = await seededAppWithStaff({ RATE_LIMIT_ENABLED: 'false' })));
afterAll(() => t.close());

let day = 30;
const nextDay = () => daysFromNow(day++);

/** Books every table of the date at 18:30 (confirmed), answering each booking by table number. */
async function fillSlot(date: string) {
  const bookings = new Map<number, Awaited<ReturnType<typeof bookTable>>>();
  for (let number = 1; number <= 10; number += 1) bookings.set(number, await bookTable(t, { date, tableNumber: number, staffAuth: staff }));
  return bookings;
}

/** Every waiting party gives this number, so a party's text message is told apart by its claim link. */
const PHONE = '0918 555 0199';

async function join(date: string, guests: number, customer?: Awaited<ReturnType<typeof quickCustomer>>) {
  const who = customer ?? (await quickCustomer(t.app));
  const answer = await t.app.inject({
    method: 'POST',
    url: '/api/waitlist',
    headers: who.auth,
    payload: { customer_name: 'Bea Santos', email: who.user.email, phone: PHONE, reservation_date: date, reservation_time: '18:30', number_of_guests: guests },
  });
  return { who, answer };
}

const cancelThroughLink = async (booking: Awaited<ReturnType<typeof bookTable>>) => {
  const token = manageTokenIn(outboxTo(t.config.mailboxDir, booking.customer.user.email)[0].text);
  const answer = await t.app.inject({ method: 'POST', url: `/api/reservations/manage/${token}/cancel` });
  expect(answer.statusCode).toBe(200);
};

const claimTokenIn = (text: string) => /\/reservation-claim\?token=([\w-]+)/.exec(text)![1];

/**
 * The offer to `email`, once it has arrived by both channels: the email, and the
 * text message with the same claim link. They are separate jobs, so either may come first.
 */
function waitForOffer(email: string) {
  return waitUntil(
    () => {
      const offer = outboxTo(t.config.mailboxDir, email).find((mail) => mail.subject === 'A table is free at Samgyup Plaridel');
      const token = offer && claimTokenIn(offer.text);
      const text = token && outboxTo(t.config.sms.outboxDir, PHONE).find((message) => message.text.includes(`/reservation-claim?token=${token}`));
      return offer && text ? { ...offer, sms: text } : undefined;
    },
    { what: `the offer to ${email} by both email and text message` },
  );
}

const available = async (date: string) =>
  ((await t.app.inject({ method: 'GET', url: `/api/tables/available?date=${date}&time=18:30` })).json().data as { table_number: number }[]).map((row) => row.table_number);

describe('the waitlist', () => {
  it('is for fully booked slots only, and once per diner and slot', async () => {
    const date = nextDay();
    const early = await join(date, 2);
    expect(early.answer.statusCode).toBe(409);
    expect(early.answer.json().message).toBe(waitlistMessages.tableFree);
    await fillSlot(date);
    const { who, answer } = await join(date, 2);
    expect(answer.statusCode).toBe(201);
    expect(answer.json()).toMatchObject({
      success: true,
      message: waitlistMessages.joined,
      data: { status: 'waiting', party_size: 2, reservation_date: date, reservation_time: '18:30' },
    });
    const again = await join(date, 2, who);
    expect({ status: again.answer.statusCode, message: again.answer.json().message }).toEqual({ status: 409, message: waitlistMessages.alreadyWaiting });
    expect((await t.app.inject({ method: 'GET', url: '/api/waitlist/mine', headers: who.auth })).json().data).toHaveLength(1);
    const past = await join(daysFromNow(-1), 2);
    expect(past.answer.statusCode).toBe(400);
  });

  it('offers a freed table to the first party it fits through the job queue, holds it for them, and lets them claim it once', async () => {
    const date = nextDay();
    const bookings = await fillSlot(date);
    const big = await join(date, 8);
    const small = await join(date, 2);
    const later = await join(date, 2);
    await cancelThroughLink(bookings.get(3)!); // seats 4: too small for the party of 8
    const offer = await waitForOffer(small.who.user.email);
    expect(offer.text).toContain('Table 3 is free for 2');
    expect(offer.text).toContain('Claim it within 15 minutes');
    expect(outboxTo(t.config.mailboxDir, big.who.user.email)).toEqual([]);
    expect(outboxTo(t.config.mailboxDir, later.who.user.email)).toEqual([]);
    expect(offer.sms.text).toContain('Table 3 is free for 2');

    // The table is held for the party: neither listed as free nor bookable by someone else.
    expect(await available(date)).not.toContain(3);
    const someoneElse = await quickCustomer(t.app);
    const sneak = await t.app.inject({
      method: 'POST',
      url: '/api/reservations',
      headers: someoneElse.auth,
      payload: {
        customer_name: 'X',
        phone: '0917 000 0000',
        email: someoneElse.user.email,
        table_id: await tableIdOf(t, 3),
        number_of_guests: 2,
        reservation_date: date,
        reservation_time: '18:30',
      },
    });
    expect(sneak.statusCode).toBe(409);

    const token = claimTokenIn(offer.text);
    const view = (await t.app.inject({ method: 'GET', url: `/api/waitlist/claim/${token}` })).json().data;
    expect(view).toMatchObject({ status: 'offered', table_number: 3, party_size: 2, reservation_date: date });
    expect(JSON.stringify(view)).not.toContain('@example.com');
    expect((await t.app.inject({ method: 'POST', url: `/api/waitlist/claim/${token}`, headers: later.who.auth })).statusCode).toBe(403);
    const claims = await Promise.all([1, 2].map(() => t.app.inject({ method: 'POST', url: `/api/waitlist/claim/${token}`, headers: small.who.auth })));
    expect(claims.map((claim) => claim.statusCode).sort()).toEqual([201, 409]);
    const won = claims.find((claim) => claim.statusCode === 201)!.json();
    expect(won).toMatchObject({ message: waitlistMessages.claimed, data: { status: 'pending', payment_status: 'pending', table_number: 3, number_of_guests: 2 } });
    expect(claims.find((claim) => claim.statusCode === 409)!.json().message).toBe(waitlistMessages.offerEnded);
    const history = (await t.app.inject({ method: 'GET', url: `/api/staff/reservations/${won.data.id}/history`, headers: staff })).json().data;
    expect(history).toEqual([expect.objectContaining({ action: 'waitlist_claim' })]);

    // Saving through the upload page with the claim's key finds the claimed reservation.
    const saved = await t.app.inject({
      method: 'POST',
      url: '/api/reservations',
      headers: { ...small.who.auth, 'idempotency-key': `waitlist-claim-${view.id}` },
      payload: {
        customer_name: 'Bea Santos',
        phone: '0918 555 0199',
        email: small.who.user.email,
        table_id: await tableIdOf(t, 3),
        number_of_guests: 2,
        reservation_date: date,
        reservation_time: '18:30',
      },
    });
    expect(saved.json().data.id).toBe(won.data.id);
  });

  it('passes a lapsed offer to the next party that fits', async () => {
    const date = nextDay();
    const bookings = await fillSlot(date);
    const first = await join(date, 2);
    const second = await join(date, 2);
    await cancelThroughLink(bookings.get(1)!);
    const offer = await waitForOffer(first.who.user.email);
    await t.db.query(`UPDATE waitlist_entries SET offer_expires_at = now() - interval '1 second' WHERE status = 'offered' AND customer_id = $1`, [first.who.user.id]);
    await runBookingSweep(t.app);
    expect((await waitForOffer(second.who.user.email)).text).toContain('Table 1 is free for 2');
    const late = await t.app.inject({ method: 'POST', url: `/api/waitlist/claim/${claimTokenIn(offer.text)}`, headers: first.who.auth });
    expect({ status: late.statusCode, message: late.json().message }).toEqual({ status: 409, message: waitlistMessages.offerEnded });
  });

  it('offers a table freed by a hold that expired, and by a staff decline', async () => {
    const date = nextDay();
    const bookings = await fillSlot(date);
    const waiting = await join(date, 4);
    // A pending booking left without a proof: taken back by the sweep, and offered on.
    await t.db.query(`UPDATE reservations SET status = 'pending', payment_status = 'pending', created_at = now() - interval '31 minutes' WHERE id = $1`, [
      bookings.get(5)!.reservation.id,
    ]);
    await runBookingSweep(t.app);
    expect((await waitForOffer(waiting.who.user.email)).text).toContain('Table 5 is free for 4');

    const declined = await join(date, 2);
    const pendingOne = bookings.get(2)!.reservation.id;
    await t.db.query(`UPDATE reservations SET status = 'pending' WHERE id = $1`, [pendingOne]);
    const decline = await t.app.inject({ method: 'POST', url: `/api/staff/reservations/${pendingOne}/decline`, headers: staff, payload: { reason: 'No payment.' } });
    expect(decline.statusCode).toBe(200);
    expect((await waitForOffer(declined.who.user.email)).text).toContain('Table 2 is free for 2');
  });

  it('lets a diner leave the waitlist, and refuses bad claim links with one message', async () => {
    const date = nextDay();
    await fillSlot(date);
    const { who, answer } = await join(date, 2);
    const id = answer.json().data.id;
    const other = await quickCustomer(t.app);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/waitlist/${id}`, headers: other.auth })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/waitlist/${id}`, headers: who.auth })).json()).toEqual({ success: true, message: waitlistMessages.left });
    for (const token of ['nope', `${id}-${'y'.repeat(32)}`, linkToken(t.config.manageLinkSecret, 'reservation-manage', id)]) {
      const view = await t.app.inject({ method: 'GET', url: `/api/waitlist/claim/${token}` });
      expect({ token, status: view.statusCode, body: view.json() }).toEqual({ token, status: 404, body: { success: false, message: waitlistMessages.badLink } });
    }
    const ended = await t.app.inject({ method: 'POST', url: `/api/waitlist/claim/${linkToken(t.config.manageLinkSecret, 'waitlist-claim', id)}`, headers: who.auth });
    expect(ended.statusCode).toBe(409);
  });
});
