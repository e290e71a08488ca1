import type { IncomingMessage } from 'node:http';
import { connect } from 'node:net';
import type { TestApp } from '../../test/create-test-app';
import { seededAppWithStaff } from '../../test/seeded-app';
import { quickCustomer, quickStaff, registerAndLogin } from '../../test/customer-helper';
import { daysFromNow } from '../../test/booking-helper';
import { waitUntil } from '../../test/wait-until';

let t: TestApp;
let staff: Record<string, string>;
let tableIds: Record<number, number>;
beforeAll(async () => {
  ({ t, staffAuth: staff } = await seededAppWithStaff({ RATE_LIMIT_ENABLED: 'false' }));
  const rows = await t.db.query<{ id: number; table_number: number }>('SELECT id, table_number FROM restaurant_tables');
  tableIds = Object.fromEntries(rows.map((row) => [row.table_number, row.id]));
});
afterAll(() => t.close());

/** A date `days` after the restaurant's today, as YYYY-MM-DD. */
// Each test books on its own future day so tests never share a slot.
let dayOffset = 10;
const nextDay = () => daysFromNow(dayOffset++);

function payload(overrides: Record<string, unknown> = {}) {
  return {
    customer_name: 'Ana Cruz',
    phone: '0917 555 0142',
    email: 'ana@example.com',
    table_id: tableIds[3],
    occasion: 'Birthday',
    number_of_guests: 4,
    reservation_date: daysFromNow(5),
    reservation_time: '17:00',
    duration_hours: 2,
    payment_amount: 0,
    payment_status: 'pending',
    status: 'pending',
    notes: null,
    customer_id: 999,
    ...overrides,
  };
}

const book = (auth: Record<string, string>, body: object, key?: string) =>
  t.app.inject({ method: 'POST', url: '/api/reservations', headers: { ...auth, ...(key ? { 'idempotency-key': key } : {}) }, payload: body });

function multipart(file: Buffer | null, { field = 'file', name = 'proof.png', type = 'image/png' } = {}) {
  const boundary = '----samgyupTestBoundary';
  const parts: Buffer[] = [];
  if (file) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${name}"\r\nContent-Type: ${type}\r\n\r\n`), file, Buffer.from('\r\n'));
  } else {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="note"\r\n\r\nhello\r\n`));
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 1)]);
const PDF = Buffer.from('%PDF-1.4\n%âãÏÓ\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

const upload = (auth: Record<string, string>, id: number, file: Buffer | null, options?: Parameters<typeof multipart>[1]) => {
  const { body, headers } = multipart(file, options);
  return t.app.inject({ method: 'POST', url: `/api/reservations/${id}/payment-proof`, headers: { ...auth, ...headers }, payload: body });
};

describe('fully booked dates', () => {
  it('lists a day only when every table is taken in every slot, and never a past day', async () => {
    const { user } = await quickCustomer(t.app);
    const full = daysFromNow(40);
    const almost = daysFromNow(41);
    for (const [date, skipLast] of [
      [full, false],
      [almost, true],
    ] as const) {
      for (const time of ['17:00', '18:30', '20:00']) {
        for (const number of Object.keys(tableIds).map(Number)) {
          if (skipLast && time === '20:00' && number === 10) continue;
          await t.db.query(
            `INSERT INTO reservations (customer_id, customer_name, email, phone, table_id, number_of_guests, reservation_date, reservation_time, down_payment_due)
             VALUES ($1, 'Ana Cruz', 'ana@example.com', '0917', $2, 2, $3::date, $4, 100)`,
            [user.id, tableIds[number], date, time],
          );
        }
      }
    }
    const [year, month] = full.split('-').map(Number);
    const answer = await t.app.inject({ method: 'GET', url: `/api/reservations/fully-booked-dates?year=${year}&month=${month}` });
    expect(answer.statusCode).toBe(200);
    expect(answer.json().data).toContain(full);
    expect(answer.json().data).not.toContain(almost);

    // A declined booking frees its table again.
    await t.db.query(`UPDATE reservations SET status = 'declined' WHERE reservation_date = $1::date AND reservation_time = '20:00' AND table_id = $2`, [full, tableIds[1]]);
    const freed = await t.app.inject({ method: 'GET', url: `/api/reservations/fully-booked-dates?year=${year}&month=${month}` });
    expect(freed.json().data).not.toContain(full);
  });

  it('checks the year and month', async () => {
    for (const query of ['year=2026&month=13', 'year=1899&month=1', 'year=abc&month=1', 'month=1']) {
      const answer = await t.app.inject({ method: 'GET', url: `/api/reservations/fully-booked-dates?${query}` });
      expect(answer.statusCode).toBe(400);
      expect(answer.json().message).toBe('Choose a year from 1900 to 2099 and a month from 1 to 12.');
    }
    const longAgo = await t.app.inject({ method: 'GET', url: '/api/reservations/fully-booked-dates?year=2001&month=5' });
    expect(longAgo.json()).toEqual({ success: true, data: [] });
  });
});

describe('booking', () => {
  it("saves the first version's payload for the token's customer, with the down payment due from the server", async () => {
    const { auth, user } = await quickCustomer(t.app);
    const date = nextDay();
    const answer = await book(auth, payload({ reservation_date: date, table_id: tableIds[7], number_of_guests: 6 }));
    expect(answer.statusCode).toBe(201);
    const { data } = answer.json();
    expect(data).toMatchObject({
      customer_id: user.id,
      table_number: 7,
      reservation_date: date,
      reservation_time: '17:00',
      number_of_guests: 6,
      occasion: 'Birthday',
      payment_amount: 0,
      down_payment_due: 100,
      payment_status: 'pending',
      status: 'pending',
      has_payment_proof: false,
    });
    expect(data.id).toBeGreaterThan(0);
  });

  it('needs a customer token', async () => {
    expect((await book({}, payload())).statusCode).toBe(401);
    expect((await book(staff, payload())).statusCode).toBe(403);
  });

  it.each([
    [{ customer_name: '' }, 'Name is required'],
    [{ email: 'ana@example' }, 'Please enter a valid email'],
    [{ phone: '' }, 'Phone number is required'],
    [{ reservation_date: '' }, 'Please select a date'],
    [{ reservation_time: '19:15' }, 'Please select a time slot'],
    [{ table_id: null }, 'Please select a table'],
    [{ number_of_guests: 0 }, 'Guests must be between 1 and 20'],
    [{ number_of_guests: 21 }, 'Guests must be between 1 and 20'],
    [{ status: 'confirmed' }, 'A new reservation starts pending.'],
    [{ payment_status: 'paid' }, 'A new reservation starts with payment pending.'],
    [{ reservation_date: '2020-01-01' }, 'That date has passed. Please choose another date.'],
    [{ table_id: 99999 }, 'That table does not exist. Please choose another table.'],
    [{ table_id: 1, number_of_guests: 5 }, 'That table is too small for your group. Please choose a bigger table.'],
  ])('refuses %j with %s', async (change, message) => {
    const { auth } = await quickCustomer(t.app);
    const body = payload({ reservation_date: nextDay(), ...change });
    if ('table_id' in change && change.table_id === 1) body.table_id = tableIds[1];
    const answer = await book(auth, body);
    expect(answer.statusCode).toBe(400);
    expect(answer.json().message).toBe(message);
  });

  it('refuses a second booking of the same table and slot with a clear 409', async () => {
    const first = await quickCustomer(t.app);
    const second = await quickCustomer(t.app);
    const date = nextDay();
    expect((await book(first.auth, payload({ reservation_date: date }))).statusCode).toBe(201);
    const clash = await book(second.auth, payload({ reservation_date: date }));
    expect(clash.statusCode).toBe(409);
    expect(clash.json().message).toBe('That table was just booked for this time. Please choose another table.');
  });

  it('gives the first result back to a retry with the same Idempotency-Key', async () => {
    const { auth } = await quickCustomer(t.app);
    const body = payload({ reservation_date: nextDay() });
    const first = await book(auth, body, 'retry-key-0001');
    const retry = await book(auth, body, 'retry-key-0001');
    expect(first.statusCode).toBe(201);
    expect(retry.statusCode).toBe(200);
    expect(retry.json().data.id).toBe(first.json().data.id);
    const [{ count }] = await t.db.query<{ count: number }>('SELECT count(*)::int AS count FROM reservations WHERE reservation_date = $1::date', [body.reservation_date]);
    expect(count).toBe(1);
    const badKey = await book(auth, body, 'no spaces!');
    expect(badKey.statusCode).toBe(400);
  });

  it('refuses with 422 an Idempotency-Key used again for a different reservation', async () => {
    const { auth } = await quickCustomer(t.app);
    const first = await book(auth, payload({ reservation_date: nextDay() }), 'reused-key-0001');
    expect(first.statusCode).toBe(201);
    const other = await book(auth, payload({ reservation_date: nextDay(), number_of_guests: 2 }), 'reused-key-0001');
    expect(other.statusCode).toBe(422);
    expect(other.json()).toEqual({
      success: false,
      message: 'This Idempotency-Key was already used for a different reservation. Use a new key for a new booking.',
    });
  });

  it('lets a customer hold 3 waiting reservations at once, and frees the slot of one left 30 minutes without a proof', async () => {
    const holder = await quickCustomer(t.app);
    const date = nextDay();
    const ids: number[] = [];
    for (const table of [1, 2, 3]) {
      const answer = await book(holder.auth, payload({ reservation_date: date, table_id: tableIds[table], number_of_guests: 1 }));
      expect(answer.statusCode).toBe(201);
      ids.push(answer.json().data.id);
    }
    const fourth = await book(holder.auth, payload({ reservation_date: date, table_id: tableIds[4], number_of_guests: 1 }));
    expect(fourth.statusCode).toBe(429);
    expect(fourth.json().message).toBe(
      'You already have 3 reservations waiting for confirmation. Upload their proofs of payment, or wait: a reservation without a proof is cancelled after 30 minutes.',
    );

    // One of them with a proof keeps its slot; the others are 31 minutes old without one.
    expect((await upload(holder.auth, ids[0], PNG)).statusCode).toBe(200);
    await t.db.query(`UPDATE reservations SET created_at = now() - interval '31 minutes' WHERE id = ANY($1)`, [ids]);
    // Shown free at once, before anything has cancelled them.
    const free = (await t.app.inject({ method: 'GET', url: `/api/tables/available?date=${date}&time=17:00` })).json().data;
    const freeNumbers = free.map((table: { table_number: number }) => table.table_number);
    expect(freeNumbers).toEqual(expect.arrayContaining([2, 3]));
    expect(freeNumbers).not.toContain(1);
    const someoneElse = await quickCustomer(t.app);
    const taken = await book(someoneElse.auth, payload({ reservation_date: date, table_id: tableIds[1], number_of_guests: 1 }));
    expect(taken.statusCode).toBe(409);
    const freed = await book(someoneElse.auth, payload({ reservation_date: date, table_id: tableIds[2], number_of_guests: 1 }));
    expect(freed.statusCode).toBe(201);
    const expired = await t.app.inject({ method: 'GET', url: `/api/reservations/${ids[1]}`, headers: holder.auth });
    expect(expired.json().data).toMatchObject({ status: 'cancelled', decline_reason: 'No proof of payment arrived within 30 minutes.' });
    expect((await upload(holder.auth, ids[2], PNG)).statusCode).toBe(409);
    // The holder has one waiting reservation left, so may book again.
    expect((await book(holder.auth, payload({ reservation_date: date, table_id: tableIds[4], number_of_guests: 1 }))).statusCode).toBe(201);
  });

  it('states when the hold ends: 30 minutes after booking while no proof has come, then none', async () => {
    const { auth } = await quickCustomer(t.app);
    const saved = await book(auth, payload({ reservation_date: nextDay() }));
    const { id, created_at, hold_expires_at } = saved.json().data;
    expect(new Date(hold_expires_at).getTime() - new Date(created_at).getTime()).toBe(30 * 60_000);
    expect((await t.app.inject({ method: 'GET', url: `/api/reservations/${id}`, headers: auth })).json().data.hold_expires_at).toBe(hold_expires_at);
    expect((await upload(auth, id, PNG)).json().data).not.toHaveProperty('hold_expires_at', expect.any(String));
    expect((await t.app.inject({ method: 'GET', url: `/api/reservations/${id}`, headers: auth })).json().data.hold_expires_at).toBeNull();
  });

  it('holds for as long as the booking policy says, changed by an admin at once', async () => {
    const admin = (await quickStaff(t.app, 'admin')).auth;
    const policy = (await t.app.inject({ method: 'GET', url: '/api/staff/booking-policy', headers: admin })).json().data;
    const { updated_by: _by, updated_at: _at, ...fields } = policy;
    const put = (hold: number) => t.app.inject({ method: 'PUT', url: '/api/staff/booking-policy', headers: admin, payload: { ...fields, hold_minutes: hold } });
    expect((await put(45)).statusCode).toBe(200);
    try {
      const { auth } = await quickCustomer(t.app);
      const { created_at, hold_expires_at, id } = (await book(auth, payload({ reservation_date: nextDay() }))).json().data;
      expect(new Date(hold_expires_at).getTime() - new Date(created_at).getTime()).toBe(45 * 60_000);
      await t.db.query(`UPDATE reservations SET created_at = now() - interval '46 minutes' WHERE id = $1`, [id]);
      await t.app.inject({ method: 'GET', url: `/api/tables/available?date=${daysFromNow(3)}&time=17:00` });
      expect((await upload(auth, id, PNG)).statusCode).toBe(409);
      const expired = (await t.app.inject({ method: 'GET', url: `/api/reservations/${id}`, headers: auth })).json().data;
      expect(expired).toMatchObject({ status: 'cancelled', decline_reason: 'No proof of payment arrived within 45 minutes.' });
    } finally {
      await put(30);
    }
  });

  it('creates exactly one reservation when 20 customers book one table and slot at once', async () => {
    const customers = await Promise.all(Array.from({ length: 20 }, () => quickCustomer(t.app)));
    const date = nextDay();
    const answers = await Promise.all(customers.map(({ auth }, index) => book(auth, payload({ reservation_date: date }), `race-key-${index}-abcdef`)));
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses.filter((status) => status === 201)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(19);
    const [{ count }] = await t.db.query<{ count: number }>('SELECT count(*)::int AS count FROM reservations WHERE reservation_date = $1::date', [date]);
    expect(count).toBe(1);
  });
});

describe('reading a reservation', () => {
  it('is for its owner and staff; another customer gets 404 and learns nothing', async () => {
    const owner = await quickCustomer(t.app);
    const other = await quickCustomer(t.app);
    const id = (await book(owner.auth, payload({ reservation_date: nextDay() }))).json().data.id;
    const mine = await t.app.inject({ method: 'GET', url: `/api/reservations/${id}`, headers: owner.auth });
    expect(mine.statusCode).toBe(200);
    expect(mine.json().data.id).toBe(id);
    expect((await t.app.inject({ method: 'GET', url: `/api/reservations/${id}`, headers: staff })).statusCode).toBe(200);
    const theirs = await t.app.inject({ method: 'GET', url: `/api/reservations/${id}`, headers: other.auth });
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json()).toEqual({ success: false, message: 'Reservation not found.' });
    expect((await t.app.inject({ method: 'GET', url: `/api/reservations/${id}` })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/reservations/abc', headers: owner.auth })).statusCode).toBe(400);
  });
});

describe('payment proof', () => {
  async function newReservation() {
    const owner = await quickCustomer(t.app);
    const id = (await book(owner.auth, payload({ reservation_date: nextDay() }))).json().data.id as number;
    return { owner, id };
  }

  it('keeps a PNG or a PDF, moves the payment to pending_review, and lets owner and staff read it back', async () => {
    const { owner, id } = await newReservation();
    const answer = await upload(owner.auth, id, PNG);
    expect(answer.statusCode).toBe(200);
    expect(answer.json().data).toMatchObject({ id, payment_status: 'pending_review', has_payment_proof: true, status: 'pending' });
    const file = await t.app.inject({ method: 'GET', url: `/api/reservations/${id}/payment-proof`, headers: staff });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    expect(file.rawPayload.equals(PNG)).toBe(true);
    // Opened in a tab of its own, the proof is a page: it may not be framed, sniffed or opened into.
    expect(file.headers).toMatchObject({
      'x-content-type-options': 'nosniff',
      'x-frame-options': 'DENY',
      'cross-origin-opener-policy': 'same-origin',
      'cache-control': 'private, no-store',
    });
    expect(file.headers['content-security-policy']).toContain("frame-ancestors 'none'");

    // A new upload replaces the first, recognised by content whatever it is called.
    expect((await upload(owner.auth, id, PDF, { name: 'receipt.png', type: 'image/png' })).statusCode).toBe(200);
    const replaced = await t.app.inject({ method: 'GET', url: `/api/reservations/${id}/payment-proof`, headers: owner.auth });
    expect(replaced.headers['content-type']).toBe('application/pdf');
  });

  it('refuses a file that is not an image or a PDF, whatever its name says', async () => {
    const { owner, id } = await newReservation();
    const answer = await upload(owner.auth, id, Buffer.from('<script>alert(1)</script>'), { name: 'proof.png', type: 'image/png' });
    expect(answer.statusCode).toBe(415);
    expect(answer.json().message).toBe('Please upload a JPEG, PNG or WebP image, or a PDF.');
  });

  it('refuses a file over 5 MB with 413', async () => {
    const { owner, id } = await newReservation();
    const big = Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024)]);
    const answer = await upload(owner.auth, id, big);
    expect(answer.statusCode).toBe(413);
    expect(answer.json().message).toBe('The file is too large. Please upload a file of at most 5 MB.');
    const after = await t.app.inject({ method: 'GET', url: `/api/reservations/${id}`, headers: owner.auth });
    expect(after.json().data.payment_status).toBe('pending');
  });

  it('asks for the file when there is none, and refuses what is not multipart', async () => {
    const { owner, id } = await newReservation();
    const none = await upload(owner.auth, id, null);
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe('Please upload proof of payment');
    const json = await t.app.inject({ method: 'POST', url: `/api/reservations/${id}/payment-proof`, headers: owner.auth, payload: { file: 'x' } });
    expect(json.statusCode).toBe(415);
  });

  it("keeps a proof of many pieces byte for byte, and a cut-off or boundary-less body is the sender's mistake (400), not ours", async () => {
    const { owner, id } = await newReservation();
    const big = Buffer.concat([PNG, Buffer.from(Array.from({ length: 700 * 1024 }, (_, index) => index % 251))]);
    expect((await upload(owner.auth, id, big)).statusCode).toBe(200);
    const back = await t.app.inject({ method: 'GET', url: `/api/reservations/${id}/payment-proof`, headers: owner.auth });
    expect(back.rawPayload.equals(big)).toBe(true);

    const { body, headers } = multipart(PNG);
    const cutOff = await t.app.inject({
      method: 'POST',
      url: `/api/reservations/${id}/payment-proof`,
      headers: { ...owner.auth, ...headers },
      payload: body.subarray(0, body.length - 30),
    });
    expect(cutOff.statusCode).toBe(400);
    expect(cutOff.json()).toEqual({ success: false, message: 'Send the proof as multipart/form-data with the field "file".' });
    const noBoundary = await t.app.inject({
      method: 'POST',
      url: `/api/reservations/${id}/payment-proof`,
      headers: { ...owner.auth, 'content-type': 'multipart/form-data' },
      payload: body,
    });
    expect(noBoundary.statusCode).toBe(400);
    // The failed attempts left no pieces behind, and the first proof stands.
    const [{ orphans }] = await t.db.query<{ orphans: number }>(
      'SELECT count(*)::int AS orphans FROM payment_proof_chunks c WHERE NOT EXISTS (SELECT 1 FROM reservation_payment_proofs p WHERE p.upload_id = c.upload_id)',
    );
    expect(orphans).toBe(0);
    const still = await t.app.inject({ method: 'GET', url: `/api/reservations/${id}/payment-proof`, headers: owner.auth });
    expect(still.rawPayload.equals(big)).toBe(true);
  });

  it("accepts only the owner's upload", async () => {
    const { id } = await newReservation();
    const other = await quickCustomer(t.app);
    expect((await upload(other.auth, id, PNG)).statusCode).toBe(404);
    expect((await upload({}, id, PNG)).statusCode).toBe(401);
    const none = await t.app.inject({ method: 'GET', url: `/api/reservations/${id}/payment-proof`, headers: staff });
    expect(none.statusCode).toBe(404);
  });
});

describe('a proof upload that trickles', () => {
  it('loses its turn with a clear message, and the diner waiting behind it gets through', async () => {
    const origin = await t.app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const slow = await quickCustomer(t.app);
      // Days and a table no other test of the file books.
      const slowId = (await book(slow.auth, payload({ reservation_date: daysFromNow(700), table_id: tableIds[8] }))).json().data.id as number;
      const next = await quickCustomer(t.app);
      const nextId = (await book(next.auth, payload({ reservation_date: daysFromNow(701), table_id: tableIds[8] }))).json().data.id as number;

      // A byte every 300 ms: an idle limit that restarts at each byte never ends it.
      const { body, headers } = multipart(Buffer.concat([PNG, Buffer.alloc(200_000, 1)]));
      const { port } = new URL(origin);
      // The slow upload holds the one proof-upload turn once the server reads its body (the multipart parser pipes it).
      const slowRequest = new Promise<IncomingMessage>((resolve) => t.app.server.once('request', resolve));
      const answer = new Promise<string>((resolve) => {
        let received = '';
        const socket = connect(Number(port), '127.0.0.1', () => {
          socket.write(
            `POST /api/reservations/${slowId}/payment-proof HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: ${slow.auth.authorization}\r\n` +
              `Content-Type: ${headers['content-type']}\r\nContent-Length: ${body.length}\r\n\r\n`,
          );
          socket.write(body.subarray(0, 200));
          let sent = 200;
          const drip = setInterval(() => {
            if (socket.destroyed || sent >= body.length) return clearInterval(drip);
            socket.write(body.subarray(sent, sent + 1));
            sent += 1;
          }, 300);
          socket.on('close', () => {
            clearInterval(drip);
            resolve(received);
          });
        });
        socket.on('data', (chunk) => (received += chunk.toString()));
        socket.on('error', () => undefined);
      });
      const slowBody = await slowRequest;
      await waitUntil(() => slowBody.readableFlowing, { what: 'the slow upload to get its turn', timeoutMs: 10_000, intervalMs: 20 });
      const started = Date.now();
      const form = new FormData();
      form.append('file', new Blob([PNG], { type: 'image/png' }), 'proof.png');
      const waiting = await fetch(`${origin}/api/reservations/${nextId}/payment-proof`, { method: 'POST', headers: next.auth, body: form });
      expect(waiting.status).toBe(200);
      expect(Date.now() - started).toBeLessThan(15_000);

      const refused = await answer;
      expect(refused).toMatch(/^HTTP\/1\.1 408/);
      expect(refused).toContain(
        'The upload was too slow to finish, so it was stopped to let other diners upload. Please try again on a stronger connection (Wi-Fi), or with a smaller picture.',
      );
      const reservation = await t.app.inject({ method: 'GET', url: `/api/reservations/${slowId}`, headers: slow.auth });
      expect(reservation.json().data).toMatchObject({ payment_status: 'pending', has_payment_proof: false });
    } finally {
      t.app.server.closeAllConnections();
    }
  }, 30_000);
});

describe('the booking customer lookup', () => {
  it("finds the caller's own record by email, and refuses anyone else's", async () => {
    const { auth, user, account } = await registerAndLogin(t.app);
    const found = await t.app.inject({ method: 'GET', url: `/api/customers?email=${encodeURIComponent(account.email.toUpperCase())}&limit=1`, headers: auth });
    expect(found.statusCode).toBe(200);
    expect(found.json().data).toHaveLength(1);
    expect(found.json().data[0]).toMatchObject({ id: user.id, email: account.email, country: 'Philippines' });
    expect(found.json().data[0].password_hash).toBeUndefined();
    const other = await t.app.inject({ method: 'GET', url: '/api/customers?email=someone@example.com&limit=1', headers: auth });
    expect(other.statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: `/api/customers?email=${account.email}` })).statusCode).toBe(401);
  });

  it('answers the existing record to a create for the own email, and refuses another email', async () => {
    const { auth, user, account } = await registerAndLogin(t.app);
    const body = {
      first_name: 'Ana',
      last_name: 'Cruz',
      email: account.email,
      phone: '0917',
      date_of_birth: null,
      address: null,
      city: null,
      country: 'Philippines',
      is_active: 1,
    };
    const created = await t.app.inject({ method: 'POST', url: '/api/customers', headers: auth, payload: body });
    expect(created.statusCode).toBe(200);
    expect(created.json().data.id).toBe(user.id);
    const other = await t.app.inject({ method: 'POST', url: '/api/customers', headers: auth, payload: { ...body, email: 'victim@example.com' } });
    expect(other.statusCode).toBe(403);
  });
});

describe('my reservations', () => {
  it('lists only the logged-in customer’s own reservations, upcoming soonest first and past latest first, with status, slot, table, guests and payment', async () => {
    const { auth } = await quickCustomer(t.app);
    const other = await quickCustomer(t.app);
    const [soonDay, pastDay, laterDay] = [daysFromNow(300), daysFromNow(301), daysFromNow(302)];
    const later = (await book(auth, payload({ reservation_date: laterDay, table_id: tableIds[5], number_of_guests: 2 }))).json().data.id;
    const sooner = (await book(auth, payload({ reservation_date: soonDay, table_id: tableIds[5], number_of_guests: 2 }))).json().data.id;
    const past = (await book(auth, payload({ reservation_date: pastDay, table_id: tableIds[6], number_of_guests: 2 }))).json().data.id;
    await t.db.query(`UPDATE reservations SET reservation_date = $2::date, status = 'confirmed', payment_status = 'paid' WHERE id = $1`, [past, daysFromNow(-3)]);
    expect((await book(other.auth, payload({ reservation_date: laterDay, table_id: tableIds[7], number_of_guests: 2 }))).statusCode).toBe(201);

    const answer = await t.app.inject({ method: 'GET', url: '/api/reservations/mine', headers: auth });
    expect(answer.statusCode).toBe(200);
    const { upcoming, past: pastList } = answer.json().data;
    expect(upcoming.map((row: { id: number }) => row.id)).toEqual([sooner, later]);
    expect(upcoming[0]).toMatchObject({ status: 'pending', payment_status: 'pending', table_number: 5, number_of_guests: 2, reservation_time: '17:00', customer_name: 'Ana Cruz' });
    expect(pastList).toEqual([expect.objectContaining({ id: past, status: 'confirmed', payment_status: 'paid', reservation_date: daysFromNow(-3) })]);
    expect((await t.app.inject({ method: 'GET', url: '/api/reservations/mine' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/reservations/mine', headers: staff })).statusCode).toBe(403);
  });
});
