import { restaurantToday } from '@samgyup/shared/reservation';
import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { createSigner } from 'fast-jwt';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { hashPassword } from '../services/passwords';
import { startApiReplica, type ApiReplica } from '../test/api-replica';
import { openStream, resetDuringSetup } from '../test/event-stream';
import { testReplicaSecrets } from '../test/replica-secrets';
import { withDatabase } from '../test/test-database';
import { waitUntil } from '../test/wait-until';
import { startThrowawayPostgres, type ThrowawayPostgres } from '../test/throwaway-postgres';

// Two API replicas on one PostgreSQL server of the test's own, which the test
// stops and starts: what a restaurant on bad hardware, or an attacker, does to
// a deployment. `npm test` runs this file as its `chaos` step.

let server: ThrowawayPostgres;
let databaseUrl: string;
let replicas: ApiReplica[] = [];
const dataDirs: string[] = [];
let db: pg.Pool;

const sign = createSigner({ key: testReplicaSecrets.JWT_SECRET, algorithm: 'HS256', expiresIn: 3_600_000 });
const bearer = (id: number, email: string, role: 'customer' | 'staff' | 'admin') => ({
  authorization: `Bearer ${sign({ sub: String(id), email, role })}`,
});

async function startReplicas(count: number): Promise<ApiReplica[]> {
  const started = await Promise.all(
    Array.from({ length: count }, () => {
      // Each replica has a data folder of its own: nothing it needs may come from a neighbour's disk.
      const dataDir = mkdtempSync(path.join(tmpdir(), 'samgyup-chaos-data-'));
      dataDirs.push(dataDir);
      return startApiReplica({
        DATABASE_URL: databaseUrl,
        DATA_DIR: dataDir,
        ...testReplicaSecrets,
        CAPTCHA_COST: '10',
        RATE_LIMIT_ENABLED: 'false',
        SEED_DEMO_DATA: 'true',
      });
    }),
  );
  replicas.push(...started);
  return started;
}

async function call(origin: string, method: string, url: string, body?: unknown, headers: Record<string, string> = {}) {
  const response = await fetch(`${origin}${url}`, {
    method,
    headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  let json: { success?: boolean; message?: string; data?: unknown; id?: number } = {};
  try {
    json = JSON.parse(text);
  } catch {
    json = { message: text };
  }
  return { status: response.status, json };
}

async function solvedCaptcha(origin: string): Promise<string> {
  const { json } = await call(origin, 'GET', '/api/captcha/challenge');
  const challenge = json.data as Challenge;
  const solution = await solveChallenge({ challenge, deriveKey });
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}

beforeAll(async () => {
  server = await startThrowawayPostgres();
  const admin = new pg.Client({ connectionString: server.url });
  await admin.connect();
  await admin.query('CREATE DATABASE samgyup_chaos');
  await admin.end();
  databaseUrl = withDatabase(server.url, 'samgyup_chaos');
  db = new pg.Pool({ connectionString: databaseUrl, max: 3 });
  // The test's own pool sees the restarts too; it only has to not crash the test.
  db.on('error', () => undefined);
}, 120_000);

afterAll(async () => {
  await Promise.all(replicas.map((replica) => replica.stop()));
  await db?.end().catch(() => undefined);
  server?.destroy();
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
}, 60_000);

describe('two replicas on one PostgreSQL server', () => {
  it('start together on an empty database: both come up, with one schema and the demo data seeded once', async () => {
    const [a, b] = await startReplicas(2);
    await Promise.all([a.ready(), b.ready()]);
    expect([a.exited(), b.exited()]).toEqual([null, null]);
    const migrations = await db.query('SELECT version FROM schema_migrations');
    const versions = migrations.rows.map((row) => row.version);
    expect(new Set(versions).size).toBe(versions.length);
    const counts = await db.query(
      `SELECT (SELECT count(*)::int FROM menu_items) AS menu, (SELECT count(*)::int FROM restaurant_tables) AS tables,
              (SELECT count(*)::int FROM feedback) AS reviews`,
    );
    expect(counts.rows[0]).toEqual({ menu: 21, tables: 10, reviews: 5 });
  }, 120_000);

  it('share the captcha secret: a challenge from one replica is accepted by the other', async () => {
    const [a, b] = replicas;
    const email = `captcha.${Date.now()}@example.com`;
    const registered = await call(b.origin, 'POST', '/api/customers/register', {
      first_name: 'Cap',
      last_name: 'Tcha',
      email,
      password: 'secret123',
      captcha: await solvedCaptcha(a.origin),
    });
    expect(registered).toMatchObject({ status: 201 });
  });

  it('end a stream on one replica at once when staff disable its account or close its table through the other; resets give their places back', async () => {
    const [a, b] = replicas;
    const stamp = Date.now();
    const account = async (role: 'staff' | 'admin') => {
      const { rows } = await db.query(`INSERT INTO staff_accounts (name, email, password_hash, role) VALUES ('Chaos Stream', $1, 'x', $2) RETURNING id, email`, [
        `${role}.stream.${stamp}@samgyup.test`,
        role,
      ]);
      return { id: rows[0].id as number, auth: bearer(rows[0].id, rows[0].email, role) };
    };
    const [staff, admin] = [await account('staff'), await account('admin')];
    const endsWithin = (ended: Promise<void>, ms: number) => Promise.race([ended.then(() => true), new Promise<boolean>((resolve) => setTimeout(() => resolve(false), ms))]);

    const ticket = (await call(b.origin, 'POST', '/api/staff/live/ticket', undefined, staff.auth)).json as { ticket?: string };
    const consoleStream = await openStream(`${b.origin}/api/staff/live?ticket=${ticket.ticket}`);
    await consoleStream.waitFor((event) => event.data.kind === 'ready');
    expect((await call(a.origin, 'PATCH', `/api/staff/accounts/${staff.id}`, { is_active: false }, admin.auth)).status).toBe(200);
    expect(await endsWithin(consoleStream.ended, 5000)).toBe(true);

    const seated = (await call(a.origin, 'POST', '/api/staff/dining-sessions', { table_number: 9 }, admin.auth)).json.data as { id: number; table_code: string };
    const url = `${b.origin}/api/tables/${seated.table_code}/live`;
    // Twice the table's 10 places, each reset while the stream is set up.
    for (let i = 0; i < 20; i += 1) await resetDuringSetup(`${url}?last_event_id=1`);
    // The replica notices each reset a moment after it; the places must come back (a leak keeps them taken for good).
    let phone = await openStream(url);
    await waitUntil(
      async () => {
        if (phone.response.status === 200) return true;
        phone = await openStream(url);
        return false;
      },
      { what: "the table's places given back after the resets", intervalMs: 20 },
    );
    expect(phone.response.status).toBe(200);
    await phone.waitFor((event) => event.data.kind === 'ready');
    expect((await call(a.origin, 'POST', `/api/staff/dining-sessions/${seated.id}/close`, {}, admin.auth)).status).toBe(200);
    expect(await endsWithin(phone.ended, 5000)).toBe(true);
    expect((await call(b.origin, 'GET', `/api/tables/${seated.table_code}/live`)).status).toBe(404);
  });

  it('count at most 5 of 100 simultaneous wrong guesses on one account, across both replicas', async () => {
    const [a, b] = replicas;
    const email = `guessed.${Date.now()}@example.com`;
    const password = 'the-right-password';
    await db.query(`INSERT INTO customers (first_name, last_name, email, password_hash) VALUES ('Gue', 'Ssed', $1, $2)`, [email, await hashPassword(password)]);
    const staffEmail = `staff.guessed.${Date.now()}@samgyup.test`;
    await db.query(`INSERT INTO staff_accounts (name, email, password_hash) VALUES ('Guessed Staff', $1, $2)`, [staffEmail, await hashPassword(password)]);
    const captchas = await Promise.all(Array.from({ length: 100 }, (_, index) => solvedCaptcha(index % 2 ? b.origin : a.origin)));

    // The right password goes in the middle of the wrong ones, as the owner logging in would.
    const customerAnswers = await Promise.all(
      captchas.map((captcha, index) =>
        call(index % 2 ? b.origin : a.origin, 'POST', '/api/customers/login', {
          email,
          password: index === 50 ? password : `wrong-${index}`,
          captcha,
        }),
      ),
    );
    const staffAnswers = await Promise.all(
      Array.from({ length: 100 }, (_, index) => call(index % 2 ? b.origin : a.origin, 'POST', '/api/staff/login', { email: staffEmail, password: `wrong-${index}` })),
    );
    for (const answers of [customerAnswers, staffAnswers]) {
      const statuses = answers.map((answer) => answer.status);
      expect(statuses.filter((status) => status === 401).length).toBeLessThanOrEqual(5);
      expect(statuses.filter((status) => ![200, 401, 429].includes(status))).toEqual([]);
    }
    // And the lock holds afterwards: the next wrong guess is not checked.
    const next = await call(a.origin, 'POST', '/api/customers/login', { email, password: 'wrong-again', captcha: await solvedCaptcha(a.origin) });
    expect(next.status).toBe(429);
    const nextStaff = await call(b.origin, 'POST', '/api/staff/login', { email: staffEmail, password: 'wrong-again' });
    expect(nextStaff.status).toBe(429);
  }, 120_000);

  it('survive a PostgreSQL restart under a booking and refill load: 503 while it is down, every acknowledged write kept once', async () => {
    const [a, b] = replicas;
    const tables = (await db.query('SELECT id, table_number FROM restaurant_tables WHERE is_active ORDER BY table_number')).rows as {
      id: number;
      table_number: number;
    }[];
    const staffRow = (
      await db.query(`INSERT INTO staff_accounts (name, email, password_hash) VALUES ('Chaos Staff', $1, 'x') RETURNING id, email`, [`staff.chaos.${Date.now()}@samgyup.test`])
    ).rows[0];
    const staff = bearer(staffRow.id, staffRow.email, 'staff');
    const codes: string[] = [];
    for (const table of tables.slice(0, 4)) {
      const opened = await call(a.origin, 'POST', '/api/staff/dining-sessions', { table_number: table.table_number }, staff);
      expect(opened.status).toBe(201);
      codes.push((opened.json.data as { table_code: string }).table_code);
    }
    // Bookings on distinct table-slots, three per customer.
    const customers: Record<string, string>[] = [];
    for (let index = 0; index < 40; index += 1) {
      const email = `chaos.${index}.${Date.now()}@example.com`;
      const { rows } = await db.query(`INSERT INTO customers (first_name, last_name, email) VALUES ('Chaos', 'Test', $1) RETURNING id`, [email]);
      customers.push(bearer(rows[0].id, email, 'customer'));
    }
    const firstDay = Date.parse(`${restaurantToday()}T00:00:00Z`) + 40 * 86_400_000;
    const slots = ['17:00', '18:30', '20:00'];
    const bookings = Array.from({ length: 120 }, (_, index) => {
      const perDay = tables.length * slots.length;
      const rest = index % perDay;
      return {
        key: `chaos-booking-${index}`,
        auth: customers[index % customers.length],
        body: {
          customer_name: 'Chaos Test',
          email: 'chaos@example.com',
          phone: '0917 555 0100',
          number_of_guests: 1,
          reservation_date: new Date(firstDay + Math.floor(index / perDay) * 86_400_000).toISOString().slice(0, 10),
          reservation_time: slots[Math.floor(rest / tables.length)],
          table_id: tables[rest % tables.length].id,
        },
      };
    });

    const unexpected: string[] = [];
    let unavailable = 0;
    let databaseDown = false;
    const acknowledgedBookings = new Map<string, number>();
    const acknowledgedRefills: number[] = [];
    const unansweredBookings: typeof bookings = [];
    const check = (answer: { status: number; json: { success?: boolean; message?: string } }, what: string) => {
      if (answer.status === 503 && answer.json.success === false && typeof answer.json.message === 'string') {
        unavailable += 1;
        return false;
      }
      if (answer.status >= 500) unexpected.push(`${what}: ${answer.status} ${JSON.stringify(answer.json)} (database ${databaseDown ? 'down' : 'up'})`);
      return answer.status < 400;
    };

    let nextBooking = 0;
    let stopRefills = false;
    const bookingClient = async (client: number) => {
      while (nextBooking < bookings.length) {
        const booking = bookings[nextBooking++];
        const origin = client % 2 ? b.origin : a.origin;
        try {
          const answer = await call(origin, 'POST', '/api/reservations', booking.body, { ...booking.auth, 'idempotency-key': booking.key });
          if (check(answer, 'booking') && answer.status === 201) acknowledgedBookings.set(booking.key, (answer.json.data as { id: number }).id);
          else unansweredBookings.push(booking);
        } catch (error) {
          unexpected.push(`booking: ${String(error)}`);
          unansweredBookings.push(booking);
        }
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    };
    const refillClient = async (client: number) => {
      const table_code = codes[client % codes.length];
      while (!stopRefills) {
        const origin = client % 2 ? b.origin : a.origin;
        try {
          const answer = await call(origin, 'POST', '/api/refill-requests', { table_code, request_type: 'Rice (1)' });
          if (check(answer, 'refill') && answer.status === 201) {
            const id = answer.json.id as number;
            acknowledgedRefills.push(id);
            // Served at once, so the table never reaches its limit of waiting requests.
            check(await call(origin, 'PATCH', `/api/refill-requests/${id}/status`, { status: 'completed', table_code }), 'refill status');
          }
        } catch (error) {
          unexpected.push(`refill: ${String(error)}`);
        }
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    };

    const bookingLoad = Promise.all(Array.from({ length: 4 }, (_, client) => bookingClient(client)));
    const refillLoad = Promise.all(Array.from({ length: 4 }, (_, client) => refillClient(client)));
    await waitUntil(() => acknowledgedBookings.size > 0 && acknowledgedRefills.length > 0, { what: 'the first bookings and refills acknowledged', intervalMs: 20 });
    // A backend terminated under the replicas (what an operator or a crash does), then the whole server restarted.
    await db.query(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = 'samgyup_chaos' AND pid <> pg_backend_pid()`);
    const refillsBeforeTermination = acknowledgedRefills.length;
    await waitUntil(() => acknowledgedRefills.length > refillsBeforeTermination, { what: 'a refill acknowledged past the terminated backends', intervalMs: 20 });
    databaseDown = true;
    server.stop();
    // While it is down, every answer is a clean 503.
    const unavailableBeforeStop = unavailable;
    await waitUntil(() => unavailable > unavailableBeforeStop, { what: 'the load answered 503 with the database down', intervalMs: 20 });
    const health = await Promise.all(replicas.map((replica) => call(replica.origin, 'GET', '/api/health')));
    server.start();
    databaseDown = false;
    const refillsBeforeRestart = acknowledgedRefills.length;
    await waitUntil(() => acknowledgedRefills.length > refillsBeforeRestart, { what: 'a refill acknowledged after the restart', intervalMs: 20 });
    stopRefills = true;
    await Promise.all([bookingLoad, refillLoad]);

    expect(replicas.map((replica) => replica.exited())).toEqual([null, null]);
    expect(health.map((answer) => answer.status)).toEqual([503, 503]);
    expect(health[0].json).toEqual({ success: false, message: expect.any(String) });
    expect(unexpected).toEqual([]);
    expect(unavailable).toBeGreaterThan(0);

    // After the restart everything works again: the unanswered bookings are retried with their keys.
    for (const booking of unansweredBookings) {
      const answer = await call(a.origin, 'POST', '/api/reservations', booking.body, { ...booking.auth, 'idempotency-key': booking.key });
      expect(answer.status).toBeLessThan(300);
      acknowledgedBookings.set(booking.key, (answer.json.data as { id: number }).id);
    }
    const stored = await db.query(`SELECT id, idempotency_key FROM reservations WHERE idempotency_key LIKE 'chaos-booking-%'`);
    expect(stored.rows).toHaveLength(bookings.length);
    for (const row of stored.rows) expect(acknowledgedBookings.get(row.idempotency_key)).toBe(row.id);
    const refills = await db.query('SELECT id FROM refill_requests WHERE id = ANY($1)', [acknowledgedRefills]);
    expect(refills.rows).toHaveLength(new Set(acknowledgedRefills).size);
    expect(acknowledgedRefills.length).toBeGreaterThan(0);

    // The replicas listen for changes again: a review hidden through one leaves the other's list at once.
    const reviewIds = async () => ((await call(b.origin, 'GET', '/api/feedback/public')).json.data as { id: number }[]).map((row) => row.id);
    // Each replica's listening connection comes back on its own after the restart (with a pause of up to a second).
    const listening = async () =>
      (await db.query(`SELECT count(*)::int AS count FROM pg_stat_activity WHERE datname = 'samgyup_chaos' AND query LIKE 'LISTEN %'`)).rows[0].count === replicas.length;
    await waitUntil(listening, { what: 'both replicas listening for changes again', intervalMs: 20 });
    const [hidden] = await reviewIds();
    expect((await call(a.origin, 'PATCH', `/api/staff/feedback/${hidden}`, { is_published: false }, staff)).status).toBe(200);
    // Within a second: the change notice, not the cache's expiry.
    expect(
      await waitUntil(reviewIds, { done: (ids) => !ids.includes(hidden), what: 'the hidden review gone on the other replica', timeoutMs: 1000, intervalMs: 20 }),
    ).not.toContain(hidden);
    process.stdout.write(
      `chaos figures: ${acknowledgedBookings.size} bookings and ${acknowledgedRefills.length} refills acknowledged, ${unavailable} answers 503 while the database was away, ${unansweredBookings.length} bookings retried after\n`,
    );
  }, 120_000);
});
