import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { restaurantToday } from '@samgyup/shared/reservation';
import { buildApp } from './app';
import { loadConfig } from './config';
import { createDatabase } from './db/create-database';
import { migrate } from './db/migrate';
import { seedDemoData } from './db/seed';
import { startApiReplica, type ApiReplica } from './test/api-replica';
import { freePort } from './test/free-port';
import { testReplicaSecrets } from './test/replica-secrets';
import { createServerDatabase, dropServerDatabase, runTemplateDatabase, withDatabase } from './test/test-database';
import { waitUntil } from './test/wait-until';

// The API process is killed (SIGKILL, no shutdown) in the middle of a booking
// load and started again on the same data: every reservation a client saw
// acknowledged is still there, and nothing is booked twice, not even when the
// clients retry their unanswered requests with the same Idempotency-Key.
// Runs on PGlite (a data folder) and, when DATABASE_URL is set, on the server.

// The API runs in a process of its own, on the real clock: this file's tokens and dates
// follow it, whatever TEST_RESTAURANT_CLOCK pins for the others (a token issued at a
// pinned 00:05 was already past its time for the API, and every booking answered 401).
jest.useRealTimers();

const serverUrl = process.env.DATABASE_URL;
const CLIENTS = 12;

interface Booking {
  key: string;
  body: { reservation_date: string; reservation_time: string; table_id: number };
}

let dataDir: string;
let databaseName: string | null = null;
let env: Record<string, string>;
let port: number;
let origin: string;
let api: ApiReplica | null = null;
let token: string;
let tableIds: number[];

/** The API on the same address and data each time, as a service manager starts it again after a crash. */
async function startApi(): Promise<void> {
  api = await startApiReplica(env, port);
  await api.ready();
}

async function killApi(signal: NodeJS.Signals): Promise<void> {
  await api?.kill(signal);
  api = null;
}

function book(booking: Booking): Promise<Response> {
  return fetch(`${origin}/api/reservations`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, 'idempotency-key': booking.key },
    body: JSON.stringify({ customer_name: 'Crash Test', email: 'crash@example.com', phone: '0917 555 0100', number_of_guests: 1, ...booking.body }),
  });
}

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'samgyup-crash-'));
  port = await freePort();
  origin = `http://127.0.0.1:${port}`;
  env = {
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    RATE_LIMIT_ENABLED: 'false',
    DATABASE_URL: '',
    PENDING_RESERVATIONS_PER_CUSTOMER: '1000',
  };
  if (serverUrl) {
    databaseName = `samgyup_crash_${process.pid}`;
    await createServerDatabase(serverUrl, databaseName, runTemplateDatabase());
    env = { ...env, ...testReplicaSecrets, DATABASE_URL: withDatabase(serverUrl, databaseName) };
  }
  // The customer and the tables exist before the server starts (the embedded
  // database admits one process at a time).
  const config = loadConfig({ ...env, API_PORT: String(port), API_HOST: '127.0.0.1' });
  const db = await createDatabase(config);
  await migrate(db);
  await seedDemoData(db);
  const [customer] = await db.query<{ id: number }>(`INSERT INTO customers (first_name, last_name, email) VALUES ('Crash', 'Test', 'crash@example.com') RETURNING id`);
  tableIds = (await db.query<{ id: number }>('SELECT id FROM restaurant_tables WHERE is_active ORDER BY id')).map((row) => row.id);
  const signer = await buildApp({ config, db });
  token = signer.issueToken({ id: customer.id, email: 'crash@example.com', role: 'customer' });
  await signer.close();
  await db.close();
  await startApi();
}, 120_000);

afterAll(async () => {
  await killApi('SIGKILL');
  if (serverUrl && databaseName) {
    await dropServerDatabase(serverUrl, databaseName);
  }
  rmSync(dataDir, { recursive: true, force: true });
});

it('keeps every acknowledged reservation and books nothing twice after a SIGKILL mid-load', async () => {
  // Distinct table-slots from next month on, one per request.
  const first = Date.parse(`${restaurantToday()}T00:00:00Z`) + 30 * 86_400_000;
  const slots = ['17:00', '18:30', '20:00'];
  const bookings: Booking[] = Array.from({ length: 600 }, (_, index) => {
    const perDay = tableIds.length * slots.length;
    const day = new Date(first + Math.floor(index / perDay) * 86_400_000).toISOString().slice(0, 10);
    const rest = index % perDay;
    return {
      key: `crash-test-${index}`,
      body: { reservation_date: day, reservation_time: slots[Math.floor(rest / tableIds.length)], table_id: tableIds[rest % tableIds.length] },
    };
  });

  const acknowledged = new Map<string, number>();
  const unanswered: Booking[] = [];
  let next = 0;
  let killed = false;
  let lastProblem = '';
  const client = async () => {
    while (next < bookings.length) {
      const booking = bookings[next++];
      if (killed) {
        unanswered.push(booking);
        continue;
      }
      try {
        const response = await book(booking);
        const answer = (await response.json()) as { data?: { id: number } };
        if (response.status === 201 && answer.data) acknowledged.set(booking.key, answer.data.id);
        else {
          if (!killed) lastProblem = `${response.status} ${JSON.stringify(answer).slice(0, 200)}`;
          unanswered.push(booking);
        }
      } catch (error) {
        if (!killed) lastProblem = String(error);
        unanswered.push(booking);
      }
    }
  };
  const load = Promise.all(Array.from({ length: CLIENTS }, client));
  // Kill once a good part of the load is through, with requests in flight.
  await waitUntil(
    () => {
      if (next >= bookings.length) throw new Error(`Only ${acknowledged.size} bookings acknowledged of them all; last problem: ${lastProblem}`);
      return acknowledged.size >= 60;
    },
    { what: () => `60 bookings acknowledged (${acknowledged.size} were; last problem: ${lastProblem})`, timeoutMs: 60_000, intervalMs: 10 },
  );
  killed = true;
  await killApi('SIGKILL');
  await load;
  expect(acknowledged.size).toBeGreaterThanOrEqual(60);

  await startApi();
  // Every acknowledged reservation survived, with what was booked.
  for (const booking of bookings.filter((entry) => acknowledged.has(entry.key))) {
    const response = await fetch(`${origin}/api/reservations/${acknowledged.get(booking.key)}`, { headers: { authorization: `Bearer ${token}` } });
    expect(response.status).toBe(200);
    const { data } = (await response.json()) as { data: { table_id: number; reservation_date: string; reservation_time: string } };
    expect({ table_id: data.table_id, date: String(data.reservation_date).slice(0, 10), time: String(data.reservation_time).slice(0, 5) }).toEqual({
      table_id: booking.body.table_id,
      date: booking.body.reservation_date,
      time: booking.body.reservation_time,
    });
  }
  // Clients retry what went unanswered, with the same keys, as many at once as before the crash: one reservation each.
  const retried: Array<{ key: string; status: string }> = [];
  const retrier = async () => {
    for (let booking = unanswered.shift(); booking; booking = unanswered.shift()) {
      const retry = await book(booking);
      retried.push({ key: booking.key, status: retry.status === 200 || retry.status === 201 ? 'booked' : `${retry.status} ${await retry.text()}` });
    }
  };
  await Promise.all(Array.from({ length: CLIENTS }, retrier));
  expect(retried.filter((entry) => entry.status !== 'booked')).toEqual([]);
  expect(retried.length + acknowledged.size).toBe(bookings.length);
  // And a retry of an acknowledged request answers the reservation it made.
  const [someKey, someId] = [...acknowledged][0];
  const again = await book(bookings.find((entry) => entry.key === someKey) as Booking);
  expect(((await again.json()) as { data: { id: number } }).data.id).toBe(someId);

  await killApi('SIGTERM');
  const db = await createDatabase(loadConfig({ ...env }));
  try {
    const [{ total }] = await db.query<{ total: number }>(`SELECT count(*)::int AS total FROM reservations WHERE idempotency_key LIKE 'crash-test-%'`);
    const doubles = await db.query(
      `SELECT table_id, reservation_date, reservation_time FROM reservations
        GROUP BY table_id, reservation_date, reservation_time HAVING count(*) > 1`,
    );
    expect(doubles).toEqual([]);
    expect(total).toBe(bookings.length);
  } finally {
    await db.close();
  }
}, 180_000);
