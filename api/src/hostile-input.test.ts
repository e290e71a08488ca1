import { defaultRestaurantSettings } from '@samgyup/shared/settings';
import v8 from 'node:v8';
import vm from 'node:vm';
import { createTestApp, type TestApp } from './test/create-test-app';
import { quickCustomer, quickStaff } from './test/customer-helper';
import { multipartUpload, samplePhoto } from './test/sample-photos';
import { securityHeaderProblems } from './test/security-headers';
import sharp from 'sharp';
import { signWebhook, startFakePaymongo, type FakePaymongo } from '@samgyup/fake-paymongo';

// Sends at least 10,000 malformed requests spread over every route of the API:
// never a 5xx, never a crash, a normal request still works afterwards, and the
// heap does not grow with the number of requests.

const routes: { method: string; url: string }[] = [];

/** A full garbage collection, so heap figures compare live memory, not garbage not yet collected. */
v8.setFlagsFromString('--expose-gc');
const collectGarbage = vm.runInNewContext('gc') as () => void;
let t: TestApp;
let headersPool: Record<string, string>[];
let fake: FakePaymongo;
const WEBHOOK_SECRET = 'whsk_hostile_0123456789';

beforeAll(async () => {
  // Online payment on, so its routes (and the webhook's raw-body parser) take the same beating.
  fake = await startFakePaymongo({ secretKey: 'sk_test_hostile_0123456789', webhookSecret: WEBHOOK_SECRET });
  t = await createTestApp({
    seed: true,
    env: {
      RATE_LIMIT_ENABLED: 'false',
      PAYMENT_PROVIDER: 'paymongo',
      PAYMONGO_SECRET_KEY: 'sk_test_hostile_0123456789',
      PAYMONGO_WEBHOOK_SECRET: WEBHOOK_SECRET,
      PAYMONGO_API_URL: fake.url,
    },
    onRoute: ({ method, url }) => {
      for (const one of [method].flat()) if (one !== 'HEAD' && one !== 'OPTIONS') routes.push({ method: one, url });
    },
  });
  const customer = await quickCustomer(t.app);
  const staff = await quickStaff(t.app);
  const admin = await quickStaff(t.app, 'admin');
  headersPool = [
    {},
    customer.auth,
    staff.auth,
    admin.auth,
    { authorization: 'Bearer not.a.token' },
    { authorization: 'Basic YWRtaW46YWRtaW4=' },
    { authorization: `Bearer ${'x'.repeat(5000)}` },
    { authorization: 'Bearer eyJhbGciOiJub25lIn0.eyJzdWIiOiIxIiwicm9sZSI6ImFkbWluIn0.' },
  ];
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

/** A small seeded generator, so a failure can be replayed. */
function randomFrom(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
  return { next, pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] };
}

const STRINGS = [
  '',
  ' ',
  "' OR 1=1 --",
  "'; DROP TABLE customers; --",
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  '\u0000',
  '\ud800',
  '🔥🥩'.repeat(50),
  'ñandú ü ß',
  '../../etc/passwd',
  '%00',
  '${7*7}',
  '{{constructor.constructor("return process")()}}',
  'x'.repeat(70_000),
  '2026-02-30',
  '99999999999999999999999',
  '-1',
  'NaN',
  'null',
  'true',
];
const NUMBERS = [0, -1, 1.5, 1e308, -1e308, Number.MAX_SAFE_INTEGER, 2 ** 31, 21, 1];

/** JSON nested `depth` levels deep, written as text (JSON.stringify itself would overflow). */
const deepJson = (depth: number) => `${'{"nested":'.repeat(depth)}"bottom"${'}'.repeat(depth)}`;

function weirdValue(random: ReturnType<typeof randomFrom>, depth = 0): unknown {
  switch (Math.floor(random.next() * 8)) {
    case 0:
      return random.pick(STRINGS);
    case 1:
      return random.pick(NUMBERS);
    case 2:
      return null;
    case 3:
      return random.next() > 0.5;
    case 4:
      return depth > 2 ? [] : Array.from({ length: Math.floor(random.next() * 4) }, () => weirdValue(random, depth + 1));
    case 5:
      return depth > 2 ? {} : { [random.pick(['__proto__', 'constructor', 'email', 'status', 'a'])]: weirdValue(random, depth + 1) };
    case 6:
      return { $gt: '' };
    default:
      return random.pick(STRINGS).slice(0, 40);
  }
}

const FIELDS = [
  'email',
  'password',
  'captcha',
  'first_name',
  'last_name',
  'phone',
  'address',
  'code',
  'newPassword',
  'rating',
  'feedback_text',
  'feedback_type',
  'customer_name',
  'table_code',
  'request_type',
  'notes',
  'status',
  'table_id',
  'number_of_guests',
  'reservation_date',
  'reservation_time',
  'payment_status',
  'payment_amount',
  'table_number',
  'duration_sec',
  'minutes',
  'reason',
  'response',
  'is_published',
  'is_available',
  'role',
  'is_active',
  'name',
  '__proto__',
  'constructor',
  'down_payment_pesos',
  'wallet',
  'contact',
  'opening_text',
  'social_links',
  'dining_minutes',
  'open_weekdays',
  'closed_slots',
  'sold_out_refill_items',
  'date',
  'capacity',
];

function weirdBody(random: ReturnType<typeof randomFrom>): { payload: string | Buffer; contentType: string } {
  const kind = Math.floor(random.next() * 9);
  if (kind === 0) return { payload: '{"email": "a@b.c", ', contentType: 'application/json' };
  if (kind === 1) return { payload: deepJson(20_000), contentType: 'application/json' };
  if (kind === 2) return { payload: '<xml>hello</xml>', contentType: 'application/xml' };
  if (kind === 3) return { payload: 'email=a@b.c&password=x', contentType: 'application/x-www-form-urlencoded' };
  if (kind === 4) return { payload: '--broken\r\nContent-Disposition: form-data; name="file"\r\n\r\nxx', contentType: 'multipart/form-data; boundary=other' };
  if (kind === 5) return { payload: Buffer.from([0xff, 0xfe, 0x00, 0x01]), contentType: 'application/json' };
  if (kind === 6) return { payload: JSON.stringify(weirdValue(random)), contentType: 'application/json' };
  if (kind === 7) return { payload: 'plain words', contentType: 'text/plain' };
  const body: Record<string, unknown> = {};
  for (let field = 0; field < 1 + Math.floor(random.next() * 6); field += 1) body[random.pick(FIELDS)] = weirdValue(random);
  return { payload: JSON.stringify(body), contentType: 'application/json' };
}

/** Percent-encodes, and sends invalid UTF-8 where a lone surrogate cannot be encoded. */
function encode(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    return '%ED%A0%80%FF';
  }
}

function weirdUrl(random: ReturnType<typeof randomFrom>, url: string): string {
  const filled = url.replace(/:[a-zA-Z]+/g, () => encode(String(random.pick([...STRINGS.map((s) => s.slice(0, 300)), 1, 2, 999999, 0]))));
  if (random.next() < 0.5) return filled;
  const query = Array.from(
    { length: 1 + Math.floor(random.next() * 4) },
    () => `${random.pick(['year', 'month', 'date', 'time', 'email', 'limit', 'from', 'to', 'id', 'before', 'resource', 'x'])}=${encode(String(weirdValue(random)).slice(0, 500))}`,
  ).join('&');
  return `${filled}?${query}`;
}

describe('hostile input', () => {
  it('walks every route of the API', () => {
    expect(routes.length).toBeGreaterThan(35);
    expect(routes).toEqual(
      expect.arrayContaining([
        { method: 'POST', url: '/api/reservations/:id/payment-proof' },
        { method: 'POST', url: '/api/staff/login' },
        { method: 'POST', url: '/api/staff/menu-items/:id/photo' },
        { method: 'POST', url: '/api/staff/promos/:id/photo' },
        { method: 'POST', url: '/api/payments/paymongo/webhook' },
        { method: 'POST', url: '/api/reservations/:id/checkout' },
        { method: 'POST', url: '/api/staff/reservations/:id/refund' },
      ]),
    );
  });

  it('answers 10,000 malformed requests without a 5xx, and keeps working with a flat heap', async () => {
    const random = randomFrom(20261123);
    const failures: string[] = [];
    const heapAt: number[] = [];
    const TOTAL = 10_000;
    for (let index = 0; index < TOTAL; index += 1) {
      const route = routes[index % routes.length];
      const withBody = route.method !== 'GET' || random.next() < 0.1;
      const body = withBody ? weirdBody(random) : null;
      const url = weirdUrl(random, route.url);
      const response = await t.app.inject({
        method: route.method as 'GET',
        url,
        headers: { ...random.pick(headersPool), ...(body ? { 'content-type': body.contentType } : {}) },
        ...(body ? { payload: body.payload } : {}),
      });
      if (response.statusCode >= 500) failures.push(`${route.method} ${url.slice(0, 120)} -> ${response.statusCode} ${response.body.slice(0, 200)}`);
      const headerProblems = securityHeaderProblems(response.headers);
      if (headerProblems.length) failures.push(`${route.method} ${url.slice(0, 120)} -> ${response.statusCode} without security headers: ${headerProblems.join('; ')}`);
      if (index === 2_000 || index === TOTAL - 1) {
        collectGarbage();
        heapAt.push(process.memoryUsage().heapUsed);
      }
    }
    expect(failures).toEqual([]);
    const health = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(200);
    const menu = await t.app.inject({ method: 'GET', url: '/api/inventory/menu/unlimited' });
    expect(menu.json().data.length).toBeGreaterThan(0);
    // 8,000 more requests must not keep memory: allow noise, not growth per request.
    expect(heapAt[1] - heapAt[0]).toBeLessThan(64 * 1024 * 1024);
  }, 240_000);
});

describe('the payment webhook', () => {
  it('answers correctly signed events of every odd shape, and oversized ones, with a 2xx or 4xx, never a 5xx', async () => {
    const random = randomFrom(20261125);
    const failures: string[] = [];
    const shapes = (): unknown[] => [
      weirdValue(random),
      { data: weirdValue(random) },
      { data: { id: weirdValue(random), attributes: { type: 'checkout_session.payment.paid', livemode: false, data: weirdValue(random) } } },
      {
        data: {
          id: `evt_${index}`,
          attributes: {
            type: 'payment.paid',
            livemode: false,
            data: { id: weirdValue(random), attributes: { amount: weirdValue(random), payment_intent_id: weirdValue(random) } },
          },
        },
      },
      {
        data: {
          id: `evt_r${index}`,
          attributes: {
            type: 'payment.refunded',
            livemode: false,
            data: { attributes: { refunds: [weirdValue(random), { id: 'ref_x', attributes: { status: weirdValue(random) } }] } },
          },
        },
      },
      { data: { id: 'x'.repeat(500), attributes: { type: 'payment.paid', livemode: false, data: { id: 'pay_1', attributes: { amount: 1e20 } } } } },
    ];
    let index = 0;
    for (; index < 300; index += 1) {
      const body = JSON.stringify(random.pick(shapes()));
      const answer = await t.app.inject({
        method: 'POST',
        url: '/api/payments/paymongo/webhook',
        headers: { 'content-type': random.pick(['application/json', 'text/plain', 'application/xml']), 'paymongo-signature': signWebhook(WEBHOOK_SECRET, body) },
        payload: body,
      });
      if (answer.statusCode >= 500) failures.push(`${body.slice(0, 200)} -> ${answer.statusCode} ${answer.body.slice(0, 200)}`);
    }
    const huge = JSON.stringify({ data: { id: 'evt_huge', attributes: { type: 'payment.paid', pad: 'x'.repeat(300 * 1024) } } });
    const tooLarge = await t.app.inject({
      method: 'POST',
      url: '/api/payments/paymongo/webhook',
      headers: { 'content-type': 'application/json', 'paymongo-signature': signWebhook(WEBHOOK_SECRET, huge) },
      payload: huge,
    });
    expect(tooLarge.statusCode).toBe(413);
    expect(failures).toEqual([]);
  });
});

describe('NUL characters', () => {
  it('are refused with a clear 400 wherever they come: path, query or body', async () => {
    for (const request of [
      { method: 'GET' as const, url: '/api/tables/%00/timer' },
      { method: 'GET' as const, url: '/api/tables/%00/live' },
      { method: 'GET' as const, url: '/api/tables/AB%00CD/refill-requests' },
      { method: 'GET' as const, url: '/api/reservations/fully-booked-dates?year=2026%00&month=1' },
      { method: 'POST' as const, url: '/api/refill-requests/validate-table', payload: { table_code: 'AB\u0000CD' } },
    ]) {
      const answer = await t.app.inject(request);
      expect(answer.statusCode).toBe(400);
      expect(answer.json().message).toBe('The request contains a character that is not allowed (NUL).');
    }
  });
});

describe('live streams', () => {
  it('refuse a broken resume id, an oversized or forged ticket and an unknown code with a clear 4xx, never a stream', async () => {
    const refused = [
      { url: '/api/staff/live?ticket=' + 'x'.repeat(5000), status: 400 },
      { url: '/api/staff/live?ticket=a.b.c', status: 401 },
      { url: '/api/staff/live?ticket=a&ticket=b', status: 400 },
      { url: '/api/tables/ABCDEF/live?last_event_id=-1', status: 400 },
      { url: '/api/tables/ABCDEF/live?last_event_id=1e5', status: 400 },
      { url: '/api/tables/ABCDEF/live?last_event_id=99999999999999999999', status: 400 },
      { url: '/api/tables/ABCDEF/live', headers: { 'last-event-id': "1' OR 1=1" }, status: 400 },
      { url: '/api/tables/ABCDEF/live', status: 404 },
      { url: '/api/tables/<script>/live', status: 404 },
    ];
    const answers = [];
    for (const { url, headers, status } of refused) {
      const answer = await t.app.inject({ method: 'GET', url, headers });
      answers.push({ url, status: answer.statusCode, expected: status, shape: Object.keys(answer.json()).sort().join() });
    }
    expect(answers.filter((answer) => answer.status !== answer.expected || answer.shape !== 'message,success')).toEqual([]);
  });
});

describe("the owner's settings", () => {
  it('refuse a payment QR that only starts like a picture and a social link whose host hides behind a user name, keeping what was saved', async () => {
    const admin = await quickStaff(t.app, 'admin');
    const pngHeader = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    for (const file of [Buffer.concat([pngHeader, Buffer.from('<html><script>alert(1)</script></html>')]), (await samplePhoto('jpeg', 64, 64)).subarray(0, 200)]) {
      const body = multipartUpload(file, { name: 'qr.png', type: 'image/png' });
      const answer = await t.app.inject({ method: 'PUT', url: '/api/staff/restaurant-settings/payment-qr', payload: body.payload, headers: { ...body.headers, ...admin.auth } });
      expect([answer.statusCode, answer.json().message]).toEqual([415, 'Upload the QR as a PNG, JPEG or WebP image.']);
    }
    for (const href of ['https://www.facebook.com@evil.example/', 'https://user:pass@www.facebook.com/', 'https://facebook/']) {
      const answer = await t.app.inject({
        method: 'PUT',
        url: '/api/staff/restaurant-settings',
        headers: admin.auth,
        payload: { ...defaultRestaurantSettings, social_links: [{ label: 'Facebook', href }] },
      });
      expect([answer.statusCode, answer.json().message]).toEqual([400, 'Social links must be https:// addresses.']);
    }
    const shown = await t.app.inject({ method: 'GET', url: '/api/restaurant-settings' });
    expect(shown.json().data.payment_qr_path).toBeNull();
    expect(shown.json().data.social_links).toEqual(defaultRestaurantSettings.social_links);
  });
});

describe('values only the database would refuse', () => {
  it('answer 400 with the error shape: an impossible date, an id past 2^31, a multipart body without boundary or cut off', async () => {
    const customer = await quickCustomer(t.app);
    const staff = await quickStaff(t.app);
    const admin = await quickStaff(t.app, 'admin');
    const [{ id: tableId }] = await t.db.query<{ id: number }>('SELECT id FROM restaurant_tables ORDER BY id LIMIT 1');
    const booked = await t.app.inject({
      method: 'POST',
      url: '/api/reservations',
      headers: customer.auth,
      payload: { customer_name: 'Ana', email: 'ana@example.com', phone: '0917', table_id: tableId, reservation_date: '2099-01-05', reservation_time: '17:00' },
    });
    const id = booked.json().data.id as number;
    const multipart = '--b\r\nContent-Disposition: form-data; name="file"; filename="p.png"\r\nContent-Type: image/png\r\n\r\n\x89PNG\r\n\x1a\n';
    const requests = [
      { method: 'GET' as const, url: '/api/staff/reservations?from=2026-02-30', headers: staff.auth },
      { method: 'GET' as const, url: '/api/staff/reservations?from=0000-01-01', headers: staff.auth },
      {
        method: 'POST' as const,
        url: '/api/reservations',
        headers: customer.auth,
        payload: { customer_name: 'Ana', email: 'ana@example.com', phone: '0917', table_id: 2147483648, reservation_date: '2099-01-06', reservation_time: '17:00' },
      },
      { method: 'PATCH' as const, url: '/api/refill-requests/2147483648/status', payload: { status: 'completed', table_code: 'ABCDEF' } },
      { method: 'POST' as const, url: `/api/reservations/${id}/payment-proof`, headers: { ...customer.auth, 'content-type': 'multipart/form-data' }, payload: multipart },
      {
        method: 'POST' as const,
        url: `/api/reservations/${id}/payment-proof`,
        headers: { ...customer.auth, 'content-type': 'multipart/form-data; boundary=b' },
        payload: multipart,
      },
      { method: 'DELETE' as const, url: '/api/staff/closed-dates/2026-02-30', headers: admin.auth },
      { method: 'POST' as const, url: '/api/staff/closed-dates', headers: admin.auth, payload: { date: '0000-01-01', reason: 'Holiday' } },
      { method: 'PATCH' as const, url: '/api/staff/tables/2147483648', headers: admin.auth, payload: { capacity: 4 } },
      { method: 'PATCH' as const, url: '/api/staff/table-combinations/2147483648', headers: admin.auth, payload: { seats: 4 } },
      { method: 'POST' as const, url: '/api/staff/table-combinations', headers: admin.auth, payload: { table_ids: [tableId, 2147483648], seats: 4 } },
      { method: 'GET' as const, url: '/api/tables/options?date=2026-02-30&time=17:00&guests=4' },
      { method: 'GET' as const, url: '/api/tables/options?date=2099-01-05&time=17:00&guests=2147483648' },
      { method: 'GET' as const, url: '/api/tables/full-slots?date=2026-02-30&guests=4' },
      { method: 'GET' as const, url: '/api/tables/full-slots?date=2099-01-05&guests=2147483648' },
      {
        method: 'POST' as const,
        url: '/api/reservations',
        headers: customer.auth,
        payload: { customer_name: 'Ana', email: 'ana@example.com', phone: '0917', combination_id: 2147483648, reservation_date: '2099-01-07', reservation_time: '17:00' },
      },
      {
        method: 'PUT' as const,
        url: '/api/staff/restaurant-settings/payment-qr',
        headers: { ...admin.auth, 'content-type': 'multipart/form-data; boundary=b' },
        payload: multipart,
      },
      { method: 'PUT' as const, url: '/api/staff/restaurant-settings/payment-qr', headers: { ...admin.auth, 'content-type': 'multipart/form-data' }, payload: multipart },
    ];
    const answers = [];
    for (const request of requests) {
      const answer = await t.app.inject(request);
      answers.push({ url: request.url, status: answer.statusCode, shape: Object.keys(answer.json()).sort() });
    }
    expect(answers.filter((answer) => answer.status !== 400 && answer.status !== 404)).toEqual([]);
    expect(answers.every((answer) => answer.shape.join() === 'message,success')).toBe(true);
  });
});

describe('photo uploads', () => {
  it('refuse garbage, junk behind a PNG header, a huge file, a decompression bomb and broken multipart with a 4xx and the error shape', async () => {
    const staff = await quickStaff(t.app);
    const [{ id }] = await t.db.query<{ id: number }>('SELECT id FROM menu_items ORDER BY id LIMIT 1');
    const pngHeader = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    const files = [
      Buffer.from('\u0000\u0001garbage'.repeat(500)),
      Buffer.concat([pngHeader, Buffer.alloc(20_000, 0x42)]),
      Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(11 * 1024 * 1024, 1)]),
      (await samplePhoto('jpeg', 800, 600)).subarray(0, 3000),
      await sharp({ create: { width: 12_000, height: 12_000, channels: 3, background: '#000' }, limitInputPixels: false })
        .png({ compressionLevel: 9 })
        .toBuffer(),
    ];
    const answers: { status: number; shape: string }[] = [];
    for (const url of [`/api/staff/menu-items/${id}/photo`, '/api/staff/promos/1/photo']) {
      for (const file of files) {
        const answer = await t.app.inject({ method: 'POST', url, ...multipartUpload(file), headers: { ...multipartUpload(file).headers, ...staff.auth } });
        answers.push({ status: answer.statusCode, shape: Object.keys(answer.json()).sort().join() });
      }
      for (const [contentType, payload] of [
        ['multipart/form-data', '--b\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\n\x89PNG'],
        ['multipart/form-data; boundary=b', '--b\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\n\x89PNG\r\n\x1a\n'],
      ]) {
        const answer = await t.app.inject({ method: 'POST', url, headers: { ...staff.auth, 'content-type': contentType }, payload });
        answers.push({ status: answer.statusCode, shape: Object.keys(answer.json()).sort().join() });
      }
    }
    expect(answers.filter((answer) => answer.status < 400 || answer.status >= 500 || answer.shape !== 'message,success')).toEqual([]);
    const menu = await t.app.inject({ method: 'GET', url: '/api/inventory/menu/unlimited' });
    expect(menu.json().data.every((item: { photo: unknown }) => item.photo === null)).toBe(true);
  }, 60_000);
});
