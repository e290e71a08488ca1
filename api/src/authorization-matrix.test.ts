import { defaultRestaurantSettings } from '@samgyup/shared/settings';
import type { InjectOptions } from 'fastify';
import { startFakePaymongo, type FakePaymongo } from '@samgyup/fake-paymongo';
import { createTestApp, type TestApp } from './test/create-test-app';
import { quickCustomer, quickStaff } from './test/customer-helper';
import { multipartUpload, samplePhoto } from './test/sample-photos';
import { securityHeaderProblems } from './test/security-headers';
import { linkToken } from './lib/signed-links';
import { daysFromNow } from './test/booking-helper';

// Every route × {no token, customer A, customer B, staff, admin} gets exactly
// the expected status, no answer to anyone else carries customer A's data, and
// every answer (successes and refusals alike) carries the security headers.

type Who = 'none' | 'A' | 'B' | 'staff' | 'admin';
const WHO: Who[] = ['none', 'A', 'B', 'staff', 'admin'];

const routes: string[] = [];
let t: TestApp;
let headers: Record<Who, Record<string, string>>;
let emails: Record<'A' | 'B', string>;
let tableIds: number[];
let photo: Buffer;
let fake: FakePaymongo;
const PAYMONGO_KEYS = { PAYMONGO_SECRET_KEY: 'sk_test_matrix_0123456789', PAYMONGO_WEBHOOK_SECRET: 'whsk_matrix_0123456789' };

beforeAll(async () => {
  // Online payment is on (against the fake of PayMongo), so its routes answer as in a restaurant that takes it.
  fake = await startFakePaymongo({ secretKey: PAYMONGO_KEYS.PAYMONGO_SECRET_KEY, webhookSecret: PAYMONGO_KEYS.PAYMONGO_WEBHOOK_SECRET });
  t = await createTestApp({
    seed: true,
    // Customer A books for every route under test, more than the 3 waiting reservations a customer may hold.
    env: { RATE_LIMIT_ENABLED: 'false', PENDING_RESERVATIONS_PER_CUSTOMER: '100', PAYMENT_PROVIDER: 'paymongo', PAYMONGO_API_URL: fake.url, ...PAYMONGO_KEYS },
    onRoute: ({ method, url }) => {
      for (const one of [method].flat()) if (one !== 'HEAD' && one !== 'OPTIONS') routes.push(`${one} ${url}`);
    },
  });
  const [a, b, staff, admin] = await Promise.all([quickCustomer(t.app), quickCustomer(t.app), quickStaff(t.app), quickStaff(t.app, 'admin')]);
  headers = { none: {}, A: a.auth, B: b.auth, staff: staff.auth, admin: admin.auth };
  emails = { A: a.user.email, B: b.user.email };
  tableIds = (await t.db.query<{ id: number }>('SELECT id FROM restaurant_tables ORDER BY table_number')).map((row) => row.id);
  photo = await samplePhoto('jpeg', 640, 400);
});

let menuItems = 0;
const newMenuItem = async () =>
  (
    await t.app.inject({
      method: 'POST',
      url: '/api/staff/menu-items',
      headers: headers.staff,
      payload: { category: 'alacarte', name: `Matrix dish ${(menuItems += 1)}`, selling_price: 10 },
    })
  ).json().data.id as number;
const newPromo = async () =>
  (await t.app.inject({ method: 'POST', url: '/api/staff/promos', headers: headers.staff, payload: { title: 'Matrix promo' } })).json().data.id as number;
const idsOf = async (sql: string, params: unknown[] = []) => (await t.db.query<{ id: number }>(sql, params)).map((row) => row.id);
/** A stored photo's address, uploaded by staff for a new menu item. */
async function photoPath(): Promise<string> {
  const id = await newMenuItem();
  await t.app.inject({ method: 'POST', url: `/api/staff/menu-items/${id}/photo`, ...multipartUpload(photo), headers: { ...multipartUpload(photo).headers, ...headers.staff } });
  const [{ content_hash }] = await t.db.query<{ content_hash: string }>('SELECT p.content_hash FROM photos p JOIN menu_items m ON m.photo_id = p.id WHERE m.id = $1', [id]);
  return `/api/photos/${content_hash}/320.avif`;
}
afterAll(async () => {
  // The streams' connections: a server closing waits for every open one.
  if (t.app.server.listening) t.app.server.closeAllConnections();
  await t.close();
  await fake.close();
});

let waits = 0;
/** A waitlist entry of customer A on its own day, offered a table when `offered`. */
async function waitFor(offered: boolean): Promise<number> {
  waits += 1;
  const [row] = await t.db.query<{ id: number }>(
    `INSERT INTO waitlist_entries (customer_id, reservation_date, reservation_time, party_size, customer_name, email, phone, status, offered_table_id, offer_expires_at)
     SELECT id, $2::date, '18:30', 2, 'Customer A', email, '0917 555 0142', $3, $4::int, CASE WHEN $3 = 'offered' THEN now() + interval '10 minutes' END
       FROM customers WHERE email = $1 RETURNING id`,
    [emails.A, daysFromNow(120 + waits), offered ? 'offered' : 'waiting', offered ? tableIds[0] : null],
  );
  return row.id;
}

let bookings = 0;
/** A reservation of customer A (or B), each on its own table and day. */
async function bookFor(owner: 'A' | 'B'): Promise<number> {
  bookings += 1;
  const answer = await t.app.inject({
    method: 'POST',
    url: '/api/reservations',
    headers: headers[owner],
    payload: {
      customer_name: `Customer ${owner}`,
      phone: '0917 555 0142',
      email: emails[owner],
      table_id: tableIds[bookings % 10],
      number_of_guests: 2,
      reservation_date: daysFromNow(20 + bookings),
      reservation_time: '17:00',
    },
  });
  return answer.json().data.id;
}

/** A reservation of customer A paid online (the fake's checkout, recorded when A's page asks how it went). */
async function paidOnlineForA(): Promise<number> {
  const id = await bookFor('A');
  const checkout = await t.app.inject({ method: 'POST', url: `/api/reservations/${id}/checkout`, headers: headers.A });
  await fake.pay(String(checkout.json().data.checkout_url).split('/').pop()!, 'gcash');
  await t.app.inject({ method: 'GET', url: `/api/reservations/${id}/payment`, headers: headers.A });
  return id;
}

let opened = 0;
async function openSession(): Promise<{ id: number; table_code: string }> {
  opened += 1;
  const number = (opened % 10) + 1;
  await t.db.query(`UPDATE dining_sessions SET closed_at = now() WHERE closed_at IS NULL AND table_id = (SELECT id FROM restaurant_tables WHERE table_number = $1)`, [number]);
  const answer = await t.app.inject({ method: 'POST', url: '/api/staff/dining-sessions', headers: headers.staff, payload: { table_number: number } });
  return answer.json().data;
}

// A whole 1 × 1 PNG: the payment QR's upload decodes what it is sent.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');
function proofUpload(): Pick<InjectOptions, 'payload' | 'headers'> {
  const boundary = 'matrixBoundary';
  return {
    payload: Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="p.png"\r\nContent-Type: image/png\r\n\r\n`),
      PNG,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** `overHttp`: a live stream, asked over a real connection (an injected request would wait for its end) and left after its headers. */
type Case = { route: string; request: (who: Who) => Promise<InjectOptions> | InjectOptions; expected: Record<Who, number>; overHttp?: true };

const all = (status: number): Record<Who, number> => ({ none: status, A: status, B: status, staff: status, admin: status });
const customersOnly = (ok: number): Record<Who, number> => ({ none: 401, A: ok, B: ok, staff: 403, admin: 403 });
const staffOnly = (ok: number): Record<Who, number> => ({ none: 401, A: 403, B: 403, staff: ok, admin: ok });
const adminOnly = (ok: number): Record<Who, number> => ({ none: 401, A: 403, B: 403, staff: 403, admin: ok });

let staffCounter = 0;
let closedDays = 0;
let newTables = 0;
let newCombinations = 0;
const closeADay = () => ({ date: daysFromNow(300 + (closedDays += 1)), reason: 'Private event' });
const cases: Case[] = [
  { route: 'GET /api/health', request: () => ({ method: 'GET', url: '/api/health' }), expected: all(200) },
  {
    route: 'POST /api/browser-reports',
    request: () => ({ method: 'POST', url: '/api/browser-reports', payload: { shell: '1.0.0', events: [{ type: 'view', part: 'shell', version: '1.0.0', route: '/' }] } }),
    expected: all(204),
  },
  { route: 'GET /api/captcha/challenge', request: () => ({ method: 'GET', url: '/api/captcha/challenge' }), expected: all(200) },
  { route: 'GET /api/feedback/public', request: () => ({ method: 'GET', url: '/api/feedback/public' }), expected: all(200) },
  { route: 'GET /api/inventory/menu/unlimited', request: () => ({ method: 'GET', url: '/api/inventory/menu/unlimited' }), expected: all(200) },
  { route: 'GET /api/inventory/menu/alacarte', request: () => ({ method: 'GET', url: '/api/inventory/menu/alacarte' }), expected: all(200) },
  { route: 'GET /api/inventory/menu/sidedishes', request: () => ({ method: 'GET', url: '/api/inventory/menu/sidedishes' }), expected: all(200) },
  { route: 'GET /api/inventory/menu/featured', request: () => ({ method: 'GET', url: '/api/inventory/menu/featured' }), expected: all(200) },
  { route: 'GET /api/promos', request: () => ({ method: 'GET', url: '/api/promos' }), expected: all(200) },
  { route: 'GET /api/photos/:hash/:file', request: async () => ({ method: 'GET', url: await photoPath() }), expected: all(200) },
  { route: 'GET /api/photos/:hash/share-card.jpg', request: async () => ({ method: 'GET', url: (await photoPath()).replace('320.avif', 'share-card.jpg') }), expected: all(200) },
  { route: 'GET /api/reservations/fully-booked-dates', request: () => ({ method: 'GET', url: '/api/reservations/fully-booked-dates?year=2026&month=12' }), expected: all(200) },
  { route: 'GET /api/tables/available', request: () => ({ method: 'GET', url: `/api/tables/available?date=${daysFromNow(3)}&time=17:00` }), expected: all(200) },
  { route: 'GET /api/tables/options', request: () => ({ method: 'GET', url: `/api/tables/options?date=${daysFromNow(3)}&time=17:00&guests=12` }), expected: all(200) },
  { route: 'GET /api/tables/full-slots', request: () => ({ method: 'GET', url: `/api/tables/full-slots?date=${daysFromNow(3)}&guests=20` }), expected: all(200) },
  {
    route: 'GET /api/tables/:code/timer',
    request: async () => ({ method: 'GET', url: `/api/tables/${(await openSession()).table_code}/timer` }),
    expected: all(200),
  },
  {
    route: 'POST /api/refill-requests/validate-table',
    request: async () => ({ method: 'POST', url: '/api/refill-requests/validate-table', payload: { table_code: (await openSession()).table_code } }),
    expected: all(200),
  },
  {
    // The table code is the key; a customer token only links the diner (any other token links no one).
    route: 'POST /api/refill-requests',
    request: async () => ({ method: 'POST', url: '/api/refill-requests', payload: { table_code: (await openSession()).table_code, request_type: 'Rice (1)', notes: '' } }),
    expected: all(201),
  },
  {
    // The code holder (no token) or staff; a customer token is neither.
    route: 'PATCH /api/refill-requests/:id/status',
    request: async () => {
      const session = await openSession();
      const created = await t.app.inject({ method: 'POST', url: '/api/refill-requests', payload: { table_code: session.table_code, request_type: 'Rice (1)', notes: '' } });
      return { method: 'PATCH', url: `/api/refill-requests/${created.json().id}/status`, payload: { status: 'completed', table_code: session.table_code } };
    },
    expected: { none: 200, A: 403, B: 403, staff: 200, admin: 200 },
  },
  {
    route: 'GET /api/tables/:code/refill-requests',
    request: async () => ({ method: 'GET', url: `/api/tables/${(await openSession()).table_code}/refill-requests` }),
    expected: all(200),
  },
  {
    // The table code is the key, as for the table's other routes.
    route: 'GET /api/tables/:code/live',
    request: async () => ({ method: 'GET', url: `/api/tables/${(await openSession()).table_code}/live` }),
    expected: all(200),
    overHttp: true,
  },
  { route: 'POST /api/staff/live/ticket', request: () => ({ method: 'POST', url: '/api/staff/live/ticket' }), expected: staffOnly(200) },
  {
    // The ticket in the address is the key: each asks for one with their own login (a customer gets none, so 401).
    route: 'GET /api/staff/live',
    request: async (who) => {
      const answer = await t.app.inject({ method: 'POST', url: '/api/staff/live/ticket', headers: headers[who] });
      return { method: 'GET', url: `/api/staff/live?ticket=${answer.json().ticket ?? 'none'}` };
    },
    expected: { none: 401, A: 401, B: 401, staff: 200, admin: 200 },
    overHttp: true,
  },
  { route: 'POST /api/customers/register', request: () => ({ method: 'POST', url: '/api/customers/register', payload: {} }), expected: all(400) },
  { route: 'POST /api/customers/login', request: () => ({ method: 'POST', url: '/api/customers/login', payload: {} }), expected: all(400) },
  { route: 'POST /api/customers/reset-password/request', request: () => ({ method: 'POST', url: '/api/customers/reset-password/request', payload: {} }), expected: all(400) },
  { route: 'POST /api/customers/reset-password', request: () => ({ method: 'POST', url: '/api/customers/reset-password', payload: {} }), expected: all(400) },
  {
    route: 'POST /api/staff/login',
    request: () => ({ method: 'POST', url: '/api/staff/login', payload: { email: 'nobody@samgyup.test', password: 'wrong' } }),
    expected: all(401),
  },
  {
    route: 'GET /api/customers',
    request: () => ({ method: 'GET', url: `/api/customers?email=${encodeURIComponent(emails.A)}&limit=1` }),
    expected: { none: 401, A: 200, B: 403, staff: 403, admin: 403 },
  },
  {
    route: 'POST /api/customers',
    request: () => ({ method: 'POST', url: '/api/customers', payload: { email: emails.A, first_name: 'A', last_name: 'A', country: 'Philippines' } }),
    expected: { none: 401, A: 200, B: 403, staff: 403, admin: 403 },
  },
  {
    route: 'POST /api/feedback',
    request: () => ({ method: 'POST', url: '/api/feedback', payload: { rating: 5, feedback_text: 'Great grill', feedback_type: 'general' } }),
    expected: customersOnly(201),
  },
  {
    route: 'POST /api/reservations',
    request: () => {
      bookings += 1;
      return {
        method: 'POST',
        url: '/api/reservations',
        payload: {
          customer_name: 'X',
          phone: '0917',
          email: 'x@example.com',
          table_id: tableIds[bookings % 10],
          number_of_guests: 2,
          reservation_date: daysFromNow(60 + bookings),
          reservation_time: '18:30',
        },
      };
    },
    expected: customersOnly(201),
  },
  { route: 'GET /api/reservations/mine', request: () => ({ method: 'GET', url: '/api/reservations/mine' }), expected: customersOnly(200) },
  {
    route: 'GET /api/reservations/:id',
    request: async () => ({ method: 'GET', url: `/api/reservations/${await bookFor('A')}` }),
    expected: { none: 401, A: 200, B: 404, staff: 200, admin: 200 },
  },
  {
    route: 'POST /api/reservations/:id/payment-proof',
    request: async () => ({ method: 'POST', url: `/api/reservations/${await bookFor('A')}/payment-proof`, ...proofUpload() }),
    expected: { none: 401, A: 200, B: 404, staff: 403, admin: 403 },
  },
  {
    route: 'GET /api/reservations/:id/payment-proof',
    request: async () => {
      const id = await bookFor('A');
      await t.app.inject({ method: 'POST', url: `/api/reservations/${id}/payment-proof`, ...proofUpload(), headers: { ...proofUpload().headers, ...headers.A } });
      return { method: 'GET', url: `/api/reservations/${id}/payment-proof` };
    },
    expected: { none: 401, A: 200, B: 404, staff: 200, admin: 200 },
  },
  {
    route: 'POST /api/reservations/:id/checkout',
    request: async () => ({ method: 'POST', url: `/api/reservations/${await bookFor('A')}/checkout` }),
    expected: { none: 401, A: 200, B: 404, staff: 403, admin: 403 },
  },
  {
    route: 'GET /api/reservations/:id/payment',
    request: async () => ({ method: 'GET', url: `/api/reservations/${await bookFor('A')}/payment` }),
    expected: { none: 401, A: 200, B: 404, staff: 403, admin: 403 },
  },
  // Only PayMongo's signature opens the webhook, whoever calls.
  { route: 'POST /api/payments/paymongo/webhook', request: () => ({ method: 'POST', url: '/api/payments/paymongo/webhook', payload: { data: {} } }), expected: all(401) },
  {
    route: 'GET /api/staff/reservations/:id/payments',
    request: async () => ({ method: 'GET', url: `/api/staff/reservations/${await bookFor('A')}/payments` }),
    expected: staffOnly(200),
  },
  {
    route: 'POST /api/staff/reservations/:id/refund',
    request: async (who) => ({
      method: 'POST',
      url: `/api/staff/reservations/${who === 'admin' ? await paidOnlineForA() : await bookFor('A')}/refund`,
      payload: { reason: 'requested_by_customer', notes: 'The diner asked.' },
    }),
    expected: adminOnly(200),
  },
  { route: 'GET /api/staff/payments/failed-refunds', request: () => ({ method: 'GET', url: '/api/staff/payments/failed-refunds' }), expected: staffOnly(200) },
  {
    route: 'POST /api/staff/payments/refunds/:id/retry',
    request: async () => {
      const id = await bookFor('A');
      const [refund] = await t.db.query<{ id: number }>(
        `WITH paid AS (INSERT INTO online_payments (provider_payment_id, reservation_id, amount_centavos, currency, method, outcome)
                       VALUES ('pay_matrix_' || $1::int, $1::int, 10000, 'PHP', 'gcash', 'applied') RETURNING id)
         INSERT INTO payment_refunds (payment_id, reservation_id, amount_centavos, reason, status, last_error, requested_by)
         SELECT id, $1::int, 10000, 'others', 'failed', 'Refused by PayMongo.', 'matrix' FROM paid RETURNING id`,
        [id],
      );
      return { method: 'POST', url: `/api/staff/payments/refunds/${refund.id}/retry` };
    },
    expected: adminOnly(200),
  },
  ...['me', 'dining-sessions', 'feedback', 'menu-items', 'promos', 'refill-requests', 'reservations', 'tables', 'dashboard'].map((name): Case => ({
    route: `GET /api/staff/${name}`,
    request: () => ({ method: 'GET', url: `/api/staff/${name}` }),
    expected: staffOnly(200),
  })),
  { route: 'GET /api/staff/notices', request: () => ({ method: 'GET', url: '/api/staff/notices?status=failed' }), expected: staffOnly(200) },
  {
    route: 'POST /api/staff/notices/:id/retry',
    request: async () => {
      const [row] = await t.db.query<{ id: number }>(
        `INSERT INTO notices (kind, channel, recipient, subject, body, status, attempts, last_error)
         VALUES ('test', 'email', 'matrix@example.com', 'Hello', 'Body', 'failed', 6, 'gateway down') RETURNING id`,
      );
      return { method: 'POST', url: `/api/staff/notices/${row.id}/retry` };
    },
    expected: staffOnly(200),
  },
  // The booking policy is public to read (the manage page states it); admins change it.
  { route: 'GET /api/booking-policy', request: () => ({ method: 'GET', url: '/api/booking-policy' }), expected: all(200) },
  { route: 'GET /api/staff/booking-policy', request: () => ({ method: 'GET', url: '/api/staff/booking-policy' }), expected: adminOnly(200) },
  {
    route: 'PUT /api/staff/booking-policy',
    request: () => ({
      method: 'PUT',
      url: '/api/staff/booking-policy',
      payload: { change_cutoff_hours: 24, refund_on_cancel: true, hold_minutes: 30, first_reminder_minutes: 1440, second_reminder_minutes: 180, waitlist_offer_minutes: 15 },
    }),
    expected: adminOnly(200),
  },
  // The manage link's token is the key: anyone holding it may act, whatever else they send.
  {
    route: 'GET /api/reservations/manage/:token',
    request: async () => ({ method: 'GET', url: `/api/reservations/manage/${linkToken(t.config.manageLinkSecret, 'reservation-manage', await bookFor('A'))}` }),
    expected: all(200),
  },
  {
    route: 'POST /api/reservations/manage/:token/cancel',
    request: async () => ({ method: 'POST', url: `/api/reservations/manage/${linkToken(t.config.manageLinkSecret, 'reservation-manage', await bookFor('A'))}/cancel` }),
    expected: all(200),
  },
  {
    route: 'POST /api/reservations/manage/:token/reschedule',
    request: async () => {
      const id = await bookFor('A');
      const [{ day }] = await t.db.query<{ day: string }>(`SELECT to_char(reservation_date, 'YYYY-MM-DD') AS day FROM reservations WHERE id = $1`, [id]);
      return {
        method: 'POST',
        url: `/api/reservations/manage/${linkToken(t.config.manageLinkSecret, 'reservation-manage', id)}/reschedule`,
        payload: { reservation_date: day, reservation_time: '20:00' },
      };
    },
    expected: all(200),
  },
  // From My reservations: only the account that owns the reservation; another diner's id is not found.
  {
    route: 'GET /api/reservations/:id/manage',
    request: async () => ({ method: 'GET', url: `/api/reservations/${await bookFor('A')}/manage` }),
    expected: { none: 401, A: 200, B: 404, staff: 403, admin: 403 },
  },
  {
    route: 'POST /api/reservations/:id/cancel',
    request: async () => ({ method: 'POST', url: `/api/reservations/${await bookFor('A')}/cancel` }),
    expected: { none: 401, A: 200, B: 404, staff: 403, admin: 403 },
  },
  {
    route: 'POST /api/reservations/:id/reschedule',
    request: async () => {
      const id = await bookFor('A');
      const [{ day }] = await t.db.query<{ day: string }>(`SELECT to_char(reservation_date, 'YYYY-MM-DD') AS day FROM reservations WHERE id = $1`, [id]);
      return { method: 'POST', url: `/api/reservations/${id}/reschedule`, payload: { reservation_date: day, reservation_time: '20:00' } };
    },
    expected: { none: 401, A: 200, B: 404, staff: 403, admin: 403 },
  },
  // Joining needs a fully booked slot: a free one is refused with 409 to customers, whoever else is refused first.
  {
    route: 'POST /api/waitlist',
    request: () => ({
      method: 'POST',
      url: '/api/waitlist',
      payload: { customer_name: 'A', email: 'a@example.com', phone: '0917 555 0142', reservation_date: daysFromNow(90), reservation_time: '18:30', number_of_guests: 2 },
    }),
    expected: { none: 401, A: 409, B: 409, staff: 403, admin: 403 },
  },
  { route: 'GET /api/waitlist/mine', request: () => ({ method: 'GET', url: '/api/waitlist/mine' }), expected: customersOnly(200) },
  {
    route: 'DELETE /api/waitlist/:id',
    request: async () => ({ method: 'DELETE', url: `/api/waitlist/${await waitFor(false)}` }),
    expected: { none: 401, A: 200, B: 404, staff: 403, admin: 403 },
  },
  {
    route: 'GET /api/waitlist/claim/:token',
    request: async () => ({ method: 'GET', url: `/api/waitlist/claim/${linkToken(t.config.manageLinkSecret, 'waitlist-claim', await waitFor(true))}` }),
    expected: all(200),
  },
  {
    route: 'POST /api/waitlist/claim/:token',
    request: async () => ({ method: 'POST', url: `/api/waitlist/claim/${linkToken(t.config.manageLinkSecret, 'waitlist-claim', await waitFor(true))}` }),
    expected: { none: 401, A: 201, B: 403, staff: 403, admin: 403 },
  },
  {
    route: 'POST /api/staff/reservations/:id/no-show',
    request: async () => {
      const id = await bookFor('A');
      await t.db.query(`UPDATE reservations SET status = 'confirmed', payment_status = 'paid', reservation_date = $2::date WHERE id = $1`, [id, daysFromNow(-1)]);
      return { method: 'POST', url: `/api/staff/reservations/${id}/no-show` };
    },
    expected: staffOnly(200),
  },
  {
    route: 'GET /api/staff/reservations/:id/customer-record',
    request: async () => ({ method: 'GET', url: `/api/staff/reservations/${await bookFor('A')}/customer-record` }),
    expected: staffOnly(200),
  },
  {
    route: 'GET /api/staff/reservations/:id/history',
    request: async () => ({ method: 'GET', url: `/api/staff/reservations/${await bookFor('A')}/history` }),
    expected: staffOnly(200),
  },
  { route: 'GET /api/staff/accounts', request: () => ({ method: 'GET', url: '/api/staff/accounts' }), expected: adminOnly(200) },
  { route: 'GET /api/restaurant-settings', request: () => ({ method: 'GET', url: '/api/restaurant-settings' }), expected: all(200) },
  {
    route: 'GET /api/restaurant-settings/payment-qr',
    request: async () => {
      await t.app.inject({ method: 'PUT', url: '/api/staff/restaurant-settings/payment-qr', ...proofUpload(), headers: { ...proofUpload().headers, ...headers.admin } });
      return { method: 'GET', url: '/api/restaurant-settings/payment-qr' };
    },
    expected: all(200),
  },
  { route: 'GET /api/staff/restaurant-settings', request: () => ({ method: 'GET', url: '/api/staff/restaurant-settings' }), expected: adminOnly(200) },
  {
    route: 'PUT /api/staff/restaurant-settings',
    request: () => ({ method: 'PUT', url: '/api/staff/restaurant-settings', payload: defaultRestaurantSettings }),
    expected: adminOnly(200),
  },
  {
    route: 'PUT /api/staff/restaurant-settings/payment-qr',
    request: () => ({ method: 'PUT', url: '/api/staff/restaurant-settings/payment-qr', ...proofUpload() }),
    expected: adminOnly(200),
  },
  {
    route: 'DELETE /api/staff/restaurant-settings/payment-qr',
    request: async () => {
      await t.app.inject({ method: 'PUT', url: '/api/staff/restaurant-settings/payment-qr', ...proofUpload(), headers: { ...proofUpload().headers, ...headers.admin } });
      return { method: 'DELETE', url: '/api/staff/restaurant-settings/payment-qr' };
    },
    expected: adminOnly(200),
  },
  { route: 'POST /api/staff/closed-dates', request: () => ({ method: 'POST', url: '/api/staff/closed-dates', payload: closeADay() }), expected: adminOnly(201) },
  {
    route: 'DELETE /api/staff/closed-dates/:date',
    request: async () => {
      const day = closeADay();
      await t.app.inject({ method: 'POST', url: '/api/staff/closed-dates', payload: day, headers: headers.admin });
      return { method: 'DELETE', url: `/api/staff/closed-dates/${day.date}` };
    },
    expected: adminOnly(200),
  },
  {
    route: 'POST /api/staff/tables',
    request: () => ({ method: 'POST', url: '/api/staff/tables', payload: { table_number: 100 + (newTables += 1), capacity: 4 } }),
    expected: adminOnly(201),
  },
  { route: 'PATCH /api/staff/tables/:id', request: () => ({ method: 'PATCH', url: `/api/staff/tables/${tableIds[0]}`, payload: { capacity: 4 } }), expected: adminOnly(200) },
  { route: 'GET /api/staff/table-combinations', request: () => ({ method: 'GET', url: '/api/staff/table-combinations' }), expected: staffOnly(200) },
  {
    route: 'POST /api/staff/table-combinations',
    request: () => ({ method: 'POST', url: '/api/staff/table-combinations', payload: { table_ids: [tableIds[0], tableIds[1], tableIds[2 + (newCombinations += 1)]], seats: 6 } }),
    expected: adminOnly(201),
  },
  {
    route: 'PATCH /api/staff/table-combinations/:id',
    request: async () => ({
      method: 'PATCH',
      url: `/api/staff/table-combinations/${(await idsOf('SELECT id FROM table_combinations ORDER BY id LIMIT 1'))[0]}`,
      payload: { seats: 8 },
    }),
    expected: adminOnly(200),
  },
  { route: 'GET /api/staff/audit-log', request: () => ({ method: 'GET', url: '/api/staff/audit-log' }), expected: adminOnly(200) },
  { route: 'GET /api/staff/release-health', request: () => ({ method: 'GET', url: '/api/staff/release-health' }), expected: adminOnly(200) },
  { route: 'GET /api/staff/releases', request: () => ({ method: 'GET', url: '/api/staff/releases' }), expected: adminOnly(200) },
  {
    route: 'POST /api/staff/releases/:part/canary/:action',
    request: () => ({ method: 'POST', url: '/api/staff/releases/mfe_menus/canary/promote', payload: { version: '0.1.1-none' } }),
    // No canary runs in this test's registry: the admin is told so.
    expected: adminOnly(409),
  },
  {
    route: 'POST /api/staff/accounts',
    request: () => ({ method: 'POST', url: '/api/staff/accounts', payload: { name: 'New', email: `new.${(staffCounter += 1)}@samgyup.test`, password: 'long-password-1' } }),
    expected: adminOnly(201),
  },
  {
    route: 'PATCH /api/staff/accounts/:id',
    request: async () => ({ method: 'PATCH', url: `/api/staff/accounts/${(await quickStaff(t.app)).id}`, payload: { role: 'staff' } }),
    expected: adminOnly(200),
  },
  { route: 'PATCH /api/staff/feedback/:id', request: () => ({ method: 'PATCH', url: '/api/staff/feedback/1', payload: { is_published: true } }), expected: staffOnly(200) },
  { route: 'PUT /api/staff/feedback/:id/response', request: () => ({ method: 'PUT', url: '/api/staff/feedback/1/response', payload: { response: '' } }), expected: staffOnly(200) },
  { route: 'PATCH /api/staff/menu-items/:id', request: () => ({ method: 'PATCH', url: '/api/staff/menu-items/1', payload: { is_available: true } }), expected: staffOnly(200) },
  {
    route: 'POST /api/staff/menu-items',
    request: () => ({ method: 'POST', url: '/api/staff/menu-items', payload: { category: 'sidedish', name: `Matrix side ${(menuItems += 1)}`, selling_price: 0 } }),
    expected: staffOnly(201),
  },
  {
    route: 'PUT /api/staff/menu-items/order',
    request: async () => ({
      method: 'PUT',
      url: '/api/staff/menu-items/order',
      payload: { category: 'unlimited', ids: await idsOf("SELECT id FROM menu_items WHERE category = 'unlimited' AND retired_at IS NULL ORDER BY sort_order DESC, id") },
    }),
    expected: staffOnly(200),
  },
  {
    route: 'POST /api/staff/menu-items/:id/photo',
    request: async () => ({ method: 'POST', url: `/api/staff/menu-items/${await newMenuItem()}/photo`, ...multipartUpload(photo) }),
    expected: staffOnly(200),
  },
  {
    route: 'DELETE /api/staff/menu-items/:id/photo',
    request: async () => ({ method: 'DELETE', url: `/api/staff/menu-items/${await newMenuItem()}/photo` }),
    expected: staffOnly(200),
  },
  { route: 'POST /api/staff/promos', request: () => ({ method: 'POST', url: '/api/staff/promos', payload: { title: 'Matrix promo' } }), expected: staffOnly(201) },
  {
    route: 'PUT /api/staff/promos/:id',
    request: async () => ({ method: 'PUT', url: `/api/staff/promos/${await newPromo()}`, payload: { title: 'Matrix promo, edited', is_hidden: true } }),
    expected: staffOnly(200),
  },
  {
    route: 'PUT /api/staff/promos/order',
    request: async () => ({ method: 'PUT', url: '/api/staff/promos/order', payload: { ids: await idsOf('SELECT id FROM promos ORDER BY sort_order DESC, id') } }),
    expected: staffOnly(200),
  },
  {
    route: 'POST /api/staff/promos/:id/photo',
    request: async () => ({ method: 'POST', url: `/api/staff/promos/${await newPromo()}/photo`, ...multipartUpload(photo) }),
    expected: staffOnly(200),
  },
  { route: 'DELETE /api/staff/promos/:id/photo', request: async () => ({ method: 'DELETE', url: `/api/staff/promos/${await newPromo()}/photo` }), expected: staffOnly(200) },
  {
    route: 'POST /api/staff/dining-sessions',
    request: async () => {
      opened += 1;
      const number = (opened % 10) + 1;
      await t.db.query(`UPDATE dining_sessions SET closed_at = now() WHERE closed_at IS NULL AND table_id = (SELECT id FROM restaurant_tables WHERE table_number = $1)`, [number]);
      return { method: 'POST', url: '/api/staff/dining-sessions', payload: { table_number: number } };
    },
    expected: staffOnly(201),
  },
  {
    route: 'POST /api/staff/dining-sessions/:id/close',
    request: async () => ({ method: 'POST', url: `/api/staff/dining-sessions/${(await openSession()).id}/close` }),
    expected: staffOnly(200),
  },
  {
    route: 'POST /api/staff/dining-sessions/:id/extend',
    request: async () => ({ method: 'POST', url: `/api/staff/dining-sessions/${(await openSession()).id}/extend`, payload: { minutes: 5 } }),
    expected: staffOnly(200),
  },
  {
    route: 'POST /api/staff/reservations/:id/confirm',
    request: async () => ({ method: 'POST', url: `/api/staff/reservations/${await bookFor('A')}/confirm` }),
    expected: staffOnly(200),
  },
  {
    route: 'POST /api/staff/reservations/:id/decline',
    request: async () => ({ method: 'POST', url: `/api/staff/reservations/${await bookFor('A')}/decline`, payload: { reason: 'No payment.' } }),
    expected: staffOnly(200),
  },
];

async function askOverHttp(request: InjectOptions): Promise<{ statusCode: number; headers: Record<string, string>; body: string }> {
  const origin = t.app.server.listening ? `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}` : await t.app.listen({ port: 0, host: '127.0.0.1' });
  const controller = new AbortController();
  const response = await fetch(`${origin}${request.url as string}`, { method: request.method, headers: request.headers as Record<string, string>, signal: controller.signal });
  const body = response.ok ? '' : await response.text();
  controller.abort();
  return { statusCode: response.status, headers: Object.fromEntries(response.headers), body };
}

describe('authorization matrix', () => {
  it('covers every route of the API', () => {
    const covered = new Set(cases.map((entry) => entry.route));
    expect(routes.filter((route) => !covered.has(route))).toEqual([]);
  });

  it.each(cases.map((entry) => [entry.route, entry] as const))('%s', async (_route, entry) => {
    const seen: Record<Who, number> = { none: 0, A: 0, B: 0, staff: 0, admin: 0 };
    for (const who of WHO) {
      const request = await entry.request(who);
      const sent = { ...request, headers: { ...(request.headers as Record<string, string>), ...headers[who] } };
      const answer = entry.overHttp ? await askOverHttp(sent) : await t.app.inject(sent);
      seen[who] = answer.statusCode;
      if (who === 'none' || who === 'B') expect(answer.body).not.toContain(emails.A);
      expect({ who, problems: securityHeaderProblems(answer.headers) }).toEqual({ who, problems: [] });
    }
    expect(seen).toEqual(entry.expected);
  });
});
