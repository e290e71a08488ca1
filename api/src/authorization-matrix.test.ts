import { restaurantToday } from '@samgyup/shared/reservation';
import { defaultRestaurantSettings } from '@samgyup/shared/settings';
import type { InjectOptions } from 'fastify';
import { createTestApp, type TestApp } from './test/create-test-app';
import { quickCustomer, quickStaff } from './test/customer-helper';
import { securityHeaderProblems } from './test/security-headers';

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

beforeAll(async () => {
  t = await createTestApp({
    seed: true,
    // Customer A books for every route under test, more than the 3 waiting reservations a customer may hold.
    env: { RATE_LIMIT_ENABLED: 'false', PENDING_RESERVATIONS_PER_CUSTOMER: '100' },
    onRoute: ({ method, url }) => {
      for (const one of [method].flat()) if (one !== 'HEAD' && one !== 'OPTIONS') routes.push(`${one} ${url}`);
    },
  });
  const [a, b, staff, admin] = await Promise.all([quickCustomer(t.app), quickCustomer(t.app), quickStaff(t.app), quickStaff(t.app, 'admin')]);
  headers = { none: {}, A: a.auth, B: b.auth, staff: staff.auth, admin: admin.auth };
  emails = { A: a.user.email, B: b.user.email };
  tableIds = (await t.db.query<{ id: number }>('SELECT id FROM restaurant_tables ORDER BY table_number')).map((row) => row.id);
});
afterAll(() => t.close());

function daysFromNow(days: number): string {
  const [year, month, day] = restaurantToday().split('-').map(Number);
  return new Date(Date.UTC(year, month - 1, day + days)).toISOString().slice(0, 10);
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

let opened = 0;
async function openSession(): Promise<{ id: number; table_code: string }> {
  opened += 1;
  const number = (opened % 10) + 1;
  await t.db.query(
    `UPDATE dining_sessions SET closed_at = now() WHERE closed_at IS NULL AND table_id = (SELECT id FROM restaurant_tables WHERE table_number = $1)`,
    [number],
  );
  const answer = await t.app.inject({ method: 'POST', url: '/api/staff/dining-sessions', headers: headers.staff, payload: { table_number: number } });
  return answer.json().data;
}

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(32, 7)]);
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

type Case = { route: string; request: (who: Who) => Promise<InjectOptions> | InjectOptions; expected: Record<Who, number> };

const all = (status: number): Record<Who, number> => ({ none: status, A: status, B: status, staff: status, admin: status });
const customersOnly = (ok: number): Record<Who, number> => ({ none: 401, A: ok, B: ok, staff: 403, admin: 403 });
const staffOnly = (ok: number): Record<Who, number> => ({ none: 401, A: 403, B: 403, staff: ok, admin: ok });
const adminOnly = (ok: number): Record<Who, number> => ({ none: 401, A: 403, B: 403, staff: 403, admin: ok });

let staffCounter = 0;
let closedDays = 0;
let newTables = 0;
const closeADay = () => ({ date: daysFromNow(300 + (closedDays += 1)), reason: 'Private event' });
const cases: Case[] = [
  { route: 'GET /api/health', request: () => ({ method: 'GET', url: '/api/health' }), expected: all(200) },
  { route: 'GET /api/captcha/challenge', request: () => ({ method: 'GET', url: '/api/captcha/challenge' }), expected: all(200) },
  { route: 'GET /api/feedback/public', request: () => ({ method: 'GET', url: '/api/feedback/public' }), expected: all(200) },
  { route: 'GET /api/inventory/menu/unlimited', request: () => ({ method: 'GET', url: '/api/inventory/menu/unlimited' }), expected: all(200) },
  { route: 'GET /api/inventory/menu/alacarte', request: () => ({ method: 'GET', url: '/api/inventory/menu/alacarte' }), expected: all(200) },
  { route: 'GET /api/inventory/menu/sidedishes', request: () => ({ method: 'GET', url: '/api/inventory/menu/sidedishes' }), expected: all(200) },
  { route: 'GET /api/reservations/fully-booked-dates', request: () => ({ method: 'GET', url: '/api/reservations/fully-booked-dates?year=2026&month=12' }), expected: all(200) },
  { route: 'GET /api/tables/available', request: () => ({ method: 'GET', url: `/api/tables/available?date=${daysFromNow(3)}&time=17:00` }), expected: all(200) },
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
  { route: 'POST /api/customers/register', request: () => ({ method: 'POST', url: '/api/customers/register', payload: {} }), expected: all(400) },
  { route: 'POST /api/customers/login', request: () => ({ method: 'POST', url: '/api/customers/login', payload: {} }), expected: all(400) },
  { route: 'POST /api/customers/reset-password/request', request: () => ({ method: 'POST', url: '/api/customers/reset-password/request', payload: {} }), expected: all(400) },
  { route: 'POST /api/customers/reset-password', request: () => ({ method: 'POST', url: '/api/customers/reset-password', payload: {} }), expected: all(400) },
  { route: 'POST /api/staff/login', request: () => ({ method: 'POST', url: '/api/staff/login', payload: { email: 'nobody@samgyup.test', password: 'wrong' } }), expected: all(401) },
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
        payload: { customer_name: 'X', phone: '0917', email: 'x@example.com', table_id: tableIds[bookings % 10], number_of_guests: 2, reservation_date: daysFromNow(60 + bookings), reservation_time: '18:30' },
      };
    },
    expected: customersOnly(201),
  },
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
  ...['me', 'dining-sessions', 'feedback', 'menu-items', 'refill-requests', 'reservations', 'tables', 'dashboard'].map(
    (name): Case => ({ route: `GET /api/staff/${name}`, request: () => ({ method: 'GET', url: `/api/staff/${name}` }), expected: staffOnly(200) }),
  ),
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
  { route: 'PUT /api/staff/restaurant-settings/payment-qr', request: () => ({ method: 'PUT', url: '/api/staff/restaurant-settings/payment-qr', ...proofUpload() }), expected: adminOnly(200) },
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
  { route: 'POST /api/staff/tables', request: () => ({ method: 'POST', url: '/api/staff/tables', payload: { table_number: 100 + (newTables += 1), capacity: 4 } }), expected: adminOnly(201) },
  { route: 'PATCH /api/staff/tables/:id', request: () => ({ method: 'PATCH', url: `/api/staff/tables/${tableIds[0]}`, payload: { capacity: 4 } }), expected: adminOnly(200) },
  { route: 'GET /api/staff/audit-log', request: () => ({ method: 'GET', url: '/api/staff/audit-log' }), expected: adminOnly(200) },
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
    route: 'POST /api/staff/dining-sessions',
    request: async () => {
      opened += 1;
      const number = (opened % 10) + 1;
      await t.db.query(`UPDATE dining_sessions SET closed_at = now() WHERE closed_at IS NULL AND table_id = (SELECT id FROM restaurant_tables WHERE table_number = $1)`, [number]);
      return { method: 'POST', url: '/api/staff/dining-sessions', payload: { table_number: number } };
    },
    expected: staffOnly(201),
  },
  { route: 'POST /api/staff/dining-sessions/:id/close', request: async () => ({ method: 'POST', url: `/api/staff/dining-sessions/${(await openSession()).id}/close` }), expected: staffOnly(200) },
  {
    route: 'POST /api/staff/dining-sessions/:id/extend',
    request: async () => ({ method: 'POST', url: `/api/staff/dining-sessions/${(await openSession()).id}/extend`, payload: { minutes: 5 } }),
    expected: staffOnly(200),
  },
  { route: 'POST /api/staff/reservations/:id/confirm', request: async () => ({ method: 'POST', url: `/api/staff/reservations/${await bookFor('A')}/confirm` }), expected: staffOnly(200) },
  {
    route: 'POST /api/staff/reservations/:id/decline',
    request: async () => ({ method: 'POST', url: `/api/staff/reservations/${await bookFor('A')}/decline`, payload: { reason: 'No payment.' } }),
    expected: staffOnly(200),
  },
];

describe('authorization matrix', () => {
  it('covers every route of the API', () => {
    const covered = new Set(cases.map((entry) => entry.route));
    expect(routes.filter((route) => !covered.has(route))).toEqual([]);
  });

  it.each(cases.map((entry) => [entry.route, entry] as const))('%s', async (_route, entry) => {
    const seen: Record<Who, number> = { none: 0, A: 0, B: 0, staff: 0, admin: 0 };
    for (const who of WHO) {
      const request = await entry.request(who);
      const answer = await t.app.inject({ ...request, headers: { ...(request.headers as Record<string, string>), ...headers[who] } });
      seen[who] = answer.statusCode;
      if (who === 'none' || who === 'B') expect(answer.body).not.toContain(emails.A);
      expect({ who, problems: securityHeaderProblems(answer.headers) }).toEqual({ who, problems: [] });
    }
    expect(seen).toEqual(entry.expected);
  });
});
