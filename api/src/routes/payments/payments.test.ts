import { Writable } from 'node:stream';
import { signWebhook, startFakePaymongo, type FakePaymongo } from '@samgyup/fake-paymongo';
import { buildApp } from '../../app';
import { createTestApp, type TestApp } from '../../test/create-test-app';
import { bookTable, daysFromNow, manageTokenIn, outboxTo } from '../../test/booking-helper';
import { quickStaff } from '../../test/customer-helper';
import { waitUntil } from '../../test/wait-until';

// Online down payments against the local fake of PayMongo's documented API, on
// PGlite and (with DATABASE_URL) a PostgreSQL server.

const SECRET_KEY = 'sk_test_payments_suite_0123456789abcdef';
const WEBHOOK_SECRET = 'whsk_payments_suite_0123456789abcdef';
const WEBHOOK_PATH = '/api/payments/paymongo/webhook';

let fake: FakePaymongo;
let t: TestApp;
let origin: string;
let admin: Record<string, string>;
let staff: Record<string, string>;
let log = '';
/** Every answer the API gave in this file: none may hold a key. */
const answers: string[] = [];

const paymongoEnv = (apiUrl: string) => ({
  PAYMENT_PROVIDER: 'paymongo',
  PAYMONGO_SECRET_KEY: SECRET_KEY,
  PAYMONGO_WEBHOOK_SECRET: WEBHOOK_SECRET,
  PAYMONGO_API_URL: apiUrl,
  RATE_LIMIT_ENABLED: 'false',
  PENDING_RESERVATIONS_PER_CUSTOMER: '100',
});

beforeAll(async () => {
  fake = await startFakePaymongo({ secretKey: SECRET_KEY, webhookSecret: WEBHOOK_SECRET });
  const stream = new Writable({
    write(chunk, _encoding, done) {
      log += chunk.toString();
      done();
    },
  });
  t = await createTestApp({
    seed: true,
    env: paymongoEnv(fake.url),
    logger: { level: 'info', stream },
    beforeReady: (app) =>
      app.addHook('onSend', async (_request, _reply, payload) => {
        if (typeof payload === 'string') answers.push(payload);
        return payload;
      }),
  });
  origin = await t.app.listen({ port: 0, host: '127.0.0.1' });
  fake.settings.webhookUrl = `${origin}${WEBHOOK_PATH}`;
  admin = (await quickStaff(t.app, 'admin')).auth;
  staff = (await quickStaff(t.app)).auth;
});

afterAll(async () => {
  await fake.close();
  // The fake's webhook connections: a server closing waits for every open one.
  t.app.server.closeAllConnections();
  await t.close();
});

beforeEach(() => {
  Object.assign(fake.settings, { withholdWebhooks: false, shortByCentavos: 0, refuseRefunds: false });
});

// Each test books on its own day, so tests never share a slot.
let day = 3;
const nextDay = () => daysFromNow(day++);

async function bookAndCheckout(options: { date?: string; tableNumber?: number } = {}) {
  const booked = await bookTable(t, { date: options.date ?? nextDay(), tableNumber: options.tableNumber ?? 2 });
  const answer = await t.app.inject({ method: 'POST', url: `/api/reservations/${booked.reservation.id}/checkout`, headers: booked.customer.auth });
  expect(answer.statusCode).toBe(200);
  const checkoutUrl = answer.json().data.checkout_url as string;
  return { ...booked, checkoutUrl, sessionId: checkoutUrl.split('/').pop()! };
}

const reservationRow = async (id: number) =>
  (await t.db.query<{ status: string; payment_status: string; decided_by: string | null }>('SELECT status, payment_status, decided_by FROM reservations WHERE id = $1', [id]))[0];
const paymentCount = async (id: number) => (await t.db.query<{ count: number }>('SELECT count(*)::int AS count FROM online_payments WHERE reservation_id = $1', [id]))[0].count;
const refundCalls = () => fake.requests.filter((request) => request.method === 'POST' && request.path === '/v1/refunds');
const postWebhook = (body: string, signature?: string) =>
  t.app.inject({ method: 'POST', url: WEBHOOK_PATH, headers: { 'content-type': 'application/json', ...(signature ? { 'paymongo-signature': signature } : {}) }, payload: body });

describe('checkout', () => {
  it('makes one PayMongo Checkout Session for exactly the down payment, answers it again while open, for the owner only', async () => {
    const before = fake.requests.length;
    const { reservation, customer, checkoutUrl, sessionId } = await bookAndCheckout();
    expect(checkoutUrl).toBe(`${fake.url}/checkout/${sessionId}`);
    const [create] = fake.requests.slice(before).filter((request) => request.path === '/v1/checkout_sessions');
    const attributes = (create.body as { data: { attributes: Record<string, unknown> } }).data.attributes;
    expect(attributes).toMatchObject({
      line_items: [
        { amount: 10000, currency: 'PHP', quantity: 1, name: expect.stringContaining('down payment'), description: expect.stringContaining(`Reservation #${reservation.id}`) },
      ],
      payment_method_types: ['gcash', 'paymaya', 'qrph', 'card'],
      reference_number: `reservation-${reservation.id}`,
      metadata: { reservation_id: String(reservation.id) },
      success_url: `http://127.0.0.1:3000/reservation-paid?reservation=${reservation.id}`,
      // Back to this booking's payment page, whichever way the diner came (the booking flow or My reservations).
      cancel_url: `http://127.0.0.1:3000/reservation-upload?id=${reservation.id}`,
    });

    const again = await t.app.inject({ method: 'POST', url: `/api/reservations/${reservation.id}/checkout`, headers: customer.auth });
    expect(again.json()).toEqual({ success: true, data: { checkout_url: checkoutUrl } });
    expect(fake.requests.slice(before).filter((request) => request.method === 'POST' && request.path === '/v1/checkout_sessions')).toHaveLength(1);

    const other = await bookTable(t, { date: nextDay(), tableNumber: 2 });
    const stranger = await t.app.inject({ method: 'POST', url: `/api/reservations/${reservation.id}/checkout`, headers: other.customer.auth });
    expect(stranger.statusCode).toBe(404);
    const staffAsks = await t.app.inject({ method: 'POST', url: `/api/reservations/${reservation.id}/checkout`, headers: staff });
    expect(staffAsks.statusCode).toBe(403);
  });

  it('is refused once the hold has ended, and after the reservation is paid', async () => {
    const booked = await bookTable(t, { date: nextDay(), tableNumber: 2 });
    await t.db.query(`UPDATE reservations SET created_at = now() - interval '3 hours' WHERE id = $1`, [booked.reservation.id]);
    const late = await t.app.inject({ method: 'POST', url: `/api/reservations/${booked.reservation.id}/checkout`, headers: booked.customer.auth });
    expect(late.statusCode).toBe(409);

    const { reservation, customer, sessionId } = await bookAndCheckout();
    await fake.pay(sessionId, 'gcash');
    const paid = await t.app.inject({ method: 'POST', url: `/api/reservations/${reservation.id}/checkout`, headers: customer.auth });
    expect(paid.statusCode).toBe(409);
    expect(paid.json()).toEqual({ success: false, message: 'This reservation is no longer waiting for a payment.' });
  });
});

describe('the webhook', () => {
  it('pays and confirms the reservation, and the diner gets the confirmation with its manage link', async () => {
    const { reservation, customer, sessionId } = await bookAndCheckout();
    await fake.pay(sessionId, 'paymaya');
    expect(await reservationRow(reservation.id)).toEqual({ status: 'confirmed', payment_status: 'paid', decided_by: 'PayMongo' });
    expect(await paymentCount(reservation.id)).toBe(1);
    const [mail] = outboxTo(t.config.mailboxDir, customer.user.email);
    expect(mail.subject).toContain('is confirmed');
    expect(manageTokenIn(mail.text)).toBeTruthy();

    const view = await t.app.inject({ method: 'GET', url: `/api/staff/reservations/${reservation.id}/payments`, headers: staff });
    expect(view.json().data).toMatchObject({
      paid_by: 'online',
      asked_centavos: 10000,
      paid_centavos: 10000,
      payments: [{ method: 'paymaya', outcome: 'applied', amount_centavos: 10000, provider_payment_id: expect.stringMatching(/^pay_/) }],
      refunds: [],
    });
  });

  it('refuses forged, unsigned, stale, altered and wrong-mode webhooks with 401, and nothing is paid', async () => {
    const { reservation, sessionId } = await bookAndCheckout();
    fake.settings.withholdWebhooks = true;
    await fake.pay(sessionId, 'gcash');
    const event = fake.events.find((candidate) => candidate.type === 'checkout_session.payment.paid' && candidate.body.includes(sessionId))!;
    const now = Math.floor(Date.now() / 1000);
    const altered = event.body.replace('"amount":10000', '"amount":99999');
    const attempts = [
      postWebhook(event.body),
      postWebhook(event.body, signWebhook('whsk_not_the_secret', event.body)),
      postWebhook(event.body, signWebhook(WEBHOOK_SECRET, event.body, { time: now - 600 })),
      postWebhook(event.body, signWebhook(WEBHOOK_SECRET, event.body, { time: now + 600 })),
      postWebhook(altered, signWebhook(WEBHOOK_SECRET, event.body)),
      postWebhook(event.body, signWebhook(WEBHOOK_SECRET, event.body, { livemode: true })),
      postWebhook(event.body, 't=abc,te=zz,li='),
    ];
    for (const answer of await Promise.all(attempts)) {
      expect(answer.statusCode).toBe(401);
      expect(answer.json()).toEqual({ success: false, message: 'The webhook signature is not valid.' });
    }
    expect(await reservationRow(reservation.id)).toMatchObject({ status: 'pending', payment_status: 'pending' });
    expect(await paymentCount(reservation.id)).toBe(0);

    const real = await postWebhook(event.body, signWebhook(WEBHOOK_SECRET, event.body));
    expect(real.statusCode).toBe(200);
    expect(await reservationRow(reservation.id)).toMatchObject({ status: 'confirmed', payment_status: 'paid' });
  });

  it('records one payment for a replayed event, for both event types of one payment, and for two app instances at once', async () => {
    const { reservation, sessionId } = await bookAndCheckout();
    fake.settings.withholdWebhooks = true;
    await fake.pay(sessionId, 'qrph');
    const events = fake.events.filter((candidate) => candidate.body.includes(sessionId) || candidate.type === 'payment.paid').slice(-2);
    // A second instance of the API on the same database, as a second replica behind the load balancer.
    const second = await buildApp({ config: { ...t.config, jobWorkersEnabled: false }, db: t.db });
    await second.ready();
    try {
      const deliveries = events.flatMap((event) =>
        [t.app, second, t.app, second].map((app) =>
          app.inject({
            method: 'POST',
            url: WEBHOOK_PATH,
            headers: { 'content-type': 'application/json', 'paymongo-signature': signWebhook(WEBHOOK_SECRET, event.body) },
            payload: event.body,
          }),
        ),
      );
      for (const answer of await Promise.all(deliveries)) expect(answer.statusCode).toBe(200);
    } finally {
      await second.close();
    }
    expect(await paymentCount(reservation.id)).toBe(1);
    const [{ count }] = await t.db.query<{ count: number }>(`SELECT count(*)::int AS count FROM notices WHERE reservation_id = $1 AND kind = 'reservation.confirmed'`, [
      reservation.id,
    ]);
    expect(count).toBe(2);
  });

  it('a short payment does not pay the reservation; staff see it', async () => {
    const { reservation, sessionId } = await bookAndCheckout();
    fake.settings.shortByCentavos = 5000;
    await fake.pay(sessionId, 'gcash');
    expect(await reservationRow(reservation.id)).toMatchObject({ status: 'pending', payment_status: 'pending' });
    const view = await t.app.inject({ method: 'GET', url: `/api/staff/reservations/${reservation.id}/payments`, headers: staff });
    expect(view.json().data).toMatchObject({ paid_by: null, asked_centavos: 10000, paid_centavos: 5000, payments: [{ outcome: 'short', amount_centavos: 5000 }] });
  });

  it('acknowledges an event about a session this site never made, changing nothing', async () => {
    const body = JSON.stringify({
      data: {
        id: 'evt_unknown_session_1',
        type: 'event',
        attributes: { type: 'checkout_session.payment.paid', livemode: false, data: { id: 'cs_not_ours', type: 'checkout_session', attributes: { payments: [] } } },
      },
    });
    const answer = await postWebhook(body, signWebhook(WEBHOOK_SECRET, body));
    expect(answer.statusCode).toBe(200);
    expect(log).toContain('did not make');
  });
});

describe('a lost webhook', () => {
  it('loses nothing: the return page asks PayMongo and records the payment as the webhook would', async () => {
    const { reservation, customer, sessionId } = await bookAndCheckout();
    fake.settings.withholdWebhooks = true;
    await fake.pay(sessionId, 'card');
    expect(await reservationRow(reservation.id)).toMatchObject({ payment_status: 'pending' });
    const answer = await t.app.inject({ method: 'GET', url: `/api/reservations/${reservation.id}/payment`, headers: customer.auth });
    expect(answer.statusCode).toBe(200);
    expect(answer.json().data).toMatchObject({
      provider: 'paymongo',
      status: 'confirmed',
      payment_status: 'paid',
      amount_due_centavos: 10000,
      payments: [{ amount_centavos: 10000, method: 'card', outcome: 'applied' }],
    });
    // The webhook arriving later changes nothing more.
    for (const event of fake.events.filter((candidate) => !candidate.delivered).slice(-2)) await fake.deliver(event.id);
    expect(await paymentCount(reservation.id)).toBe(1);
  });
});

describe('refunds', () => {
  it('a payment after the hold ended and the table went to someone else is refunded, and the diner is told', async () => {
    const date = nextDay();
    const { reservation, customer, sessionId } = await bookAndCheckout({ date, tableNumber: 3 });
    await t.db.query(`UPDATE reservations SET created_at = now() - interval '3 hours' WHERE id = $1`, [reservation.id]);
    await bookTable(t, { date, tableNumber: 3 });
    const before = refundCalls().length;
    const payment = await fake.pay(sessionId, 'gcash');
    expect(await reservationRow(reservation.id)).toMatchObject({ status: 'cancelled' });
    const calls = refundCalls().slice(before);
    expect(calls).toHaveLength(1);
    expect((calls[0].body as { data: { attributes: unknown } }).data.attributes).toMatchObject({ payment_id: payment.id, amount: 10000 });
    const [mail] = outboxTo(t.config.mailboxDir, customer.user.email);
    expect(mail.subject).toContain('refunded');
    expect(mail.text).toContain('the table has gone to another party');
  });

  it('a payment after the hold ended still pays when the table is free', async () => {
    const { reservation, sessionId } = await bookAndCheckout();
    await t.db.query(`UPDATE reservations SET created_at = now() - interval '3 hours' WHERE id = $1`, [reservation.id]);
    await fake.pay(sessionId, 'gcash');
    expect(await reservationRow(reservation.id)).toMatchObject({ status: 'confirmed', payment_status: 'paid' });
  });

  it('a cancel within the cutoff calls the refund endpoint once, with the payment and the amount, and follows its webhook', async () => {
    const { reservation, customer, sessionId } = await bookAndCheckout({ date: daysFromNow(40) });
    const payment = await fake.pay(sessionId, 'gcash');
    const token = manageTokenIn(outboxTo(t.config.mailboxDir, customer.user.email)[0].text);
    const before = refundCalls().length;
    const cancel = await t.app.inject({ method: 'POST', url: `/api/reservations/manage/${token}/cancel` });
    expect(cancel.statusCode).toBe(200);
    const calls = refundCalls().slice(before);
    expect(calls).toHaveLength(1);
    expect((calls[0].body as { data: { attributes: unknown } }).data.attributes).toMatchObject({ payment_id: payment.id, amount: 10000, reason: 'requested_by_customer' });
    const cancelMail = outboxTo(t.config.mailboxDir, customer.user.email).pop()!;
    expect(cancelMail.text).toContain('down payment is refunded');
    const refunds = await waitUntil(
      async () => (await t.app.inject({ method: 'GET', url: `/api/staff/reservations/${reservation.id}/payments`, headers: staff })).json().data.refunds as { status: string }[],
      { done: (list) => list[0]?.status === 'succeeded', what: 'the refund PayMongo confirms' },
    );
    expect(refunds).toMatchObject([{ status: 'succeeded', amount_centavos: 10000, provider_refund_id: expect.stringMatching(/^ref_/) }]);
  });

  it('admins refund with a reason; a refund PayMongo refuses shows for staff with a retry; the audit log records it', async () => {
    const { reservation, sessionId } = await bookAndCheckout();
    await fake.pay(sessionId, 'gcash');
    const refundBody = { reason: 'requested_by_customer', notes: 'Diner called: cannot come.' };
    const byStaff = await t.app.inject({ method: 'POST', url: `/api/staff/reservations/${reservation.id}/refund`, headers: staff, payload: refundBody });
    expect(byStaff.statusCode).toBe(403);
    const bad = await t.app.inject({ method: 'POST', url: `/api/staff/reservations/${reservation.id}/refund`, headers: admin, payload: { reason: 'whim', notes: '' } });
    expect(bad.statusCode).toBe(400);

    fake.settings.refuseRefunds = true;
    const refused = await t.app.inject({ method: 'POST', url: `/api/staff/reservations/${reservation.id}/refund`, headers: admin, payload: refundBody });
    expect(refused.statusCode).toBe(200);
    const failed = (await t.app.inject({ method: 'GET', url: '/api/staff/payments/failed-refunds', headers: staff })).json().data as {
      id: number;
      reservation_id: number;
      last_error: string;
    }[];
    const mine = failed.find((refund) => refund.reservation_id === reservation.id)!;
    expect(mine.last_error).toContain('cannot be refunded');

    fake.settings.refuseRefunds = false;
    const retry = await t.app.inject({ method: 'POST', url: `/api/staff/payments/refunds/${mine.id}/retry`, headers: admin });
    expect(retry.statusCode).toBe(200);
    expect(retry.json().data.status).toMatch(/pending|succeeded/);
    const again = await t.app.inject({ method: 'POST', url: `/api/staff/reservations/${reservation.id}/refund`, headers: admin, payload: refundBody });
    expect(again.statusCode).toBe(409);

    const audit = await t.db.query<{ action: string }>(`SELECT action FROM audit_log WHERE subject = $1 ORDER BY id`, [`Reservation #${reservation.id}`]);
    expect(audit.map((entry) => entry.action)).toEqual(['payment.refund', 'payment.refund-retry']);
  });
});

describe('secrets', () => {
  it('no key appears in any answer or log line, even when PayMongo cannot be reached', async () => {
    const down = await createTestApp({ seed: true, env: paymongoEnv('http://127.0.0.1:9') });
    try {
      const booked = await bookTable(down, { date: nextDay(), tableNumber: 2 });
      const answer = await down.app.inject({ method: 'POST', url: `/api/reservations/${booked.reservation.id}/checkout`, headers: booked.customer.auth });
      expect(answer.statusCode).toBe(503);
      expect(answer.json().message).toContain('upload a proof of payment');
      answers.push(answer.body, JSON.stringify(down.config), String(down.config.payments));
    } finally {
      await down.close();
    }
    expect(answers.length).toBeGreaterThan(10);
    for (const text of [...answers, log]) {
      expect(text).not.toContain(SECRET_KEY);
      expect(text).not.toContain(WEBHOOK_SECRET);
    }
  });
});
