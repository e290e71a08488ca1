import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { startApiReplica, type ApiReplica } from '../test/api-replica';
import { testReplicaSecrets } from '../test/replica-secrets';
import { withDatabase } from '../test/test-database';
import { waitUntil } from '../test/wait-until';
import { startThrowawayPostgres, type ThrowawayPostgres } from '../test/throwaway-postgres';
import { daysFromNow } from '../test/booking-helper';

// Reminders from two API replicas on one PostgreSQL server, with both replicas
// restarted in between: each reminder goes out exactly once. The sweeps are
// queued straight into pg-boss's job table, several at once, so both replicas
// work them together instead of waiting for the minute's cron.

let server: ThrowawayPostgres;
let databaseUrl: string;
let db: pg.Pool;
let replicas: ApiReplica[] = [];
const dataDirs = [0, 1].map(() => mkdtempSync(path.join(tmpdir(), 'samgyup-reminder-chaos-')));

/** Both replicas, each on its own data folder (and so its own mailbox), the same ones after a restart. */
async function startBoth(): Promise<void> {
  replicas = [];
  for (const dataDir of dataDirs) {
    // One after the other: the first run's demo seeding takes no lock.
    const replica = await startApiReplica({ ...testReplicaSecrets, DATABASE_URL: databaseUrl, DATA_DIR: dataDir, RATE_LIMIT_ENABLED: 'false', SEED_DEMO_DATA: 'true' });
    replicas.push(replica);
    await replica.ready();
  }
}

const stopBoth = () => Promise.all(replicas.map((replica) => replica.stop()));

/** Files in every replica's outbox folder (mailbox or sms-outbox) addressed to `recipient`. */
const outboxFiles = (folder: 'mailbox' | 'sms-outbox', recipient: string) =>
  dataDirs.flatMap((dir) => {
    try {
      return readdirSync(path.join(dir, folder)).filter((file) => file.endsWith(`-${recipient.replace(/[^a-z0-9@._-]/gi, '_')}.json`));
    } catch {
      return [];
    }
  });

/** Queues `count` booking sweeps at once and waits until every one has run. */
async function sweep(count: number): Promise<void> {
  const { rows } = await db.query<{ id: string }>(`INSERT INTO pgboss.job (name, data) SELECT 'booking-sweep', '{}'::jsonb FROM generate_series(1, $1::int) RETURNING id`, [count]);
  const ids = rows.map((row) => row.id);
  const unfinished = async () => (await db.query(`SELECT id FROM pgboss.job WHERE id = ANY($1::uuid[]) AND state NOT IN ('completed', 'failed')`, [ids])).rows.length;
  await waitUntil(unfinished, { done: (count) => count === 0, what: `the ${count} sweeps run`, timeoutMs: 60_000, intervalMs: 250 });
}

async function confirmedReservation(email: string, phone: string, date: string, time: string, tableNumber: number): Promise<number> {
  const {
    rows: [customer],
  } = await db.query<{ id: number }>(`INSERT INTO customers (first_name, last_name, email) VALUES ('Rem', 'Inder', $1) RETURNING id`, [email]);
  const {
    rows: [reservation],
  } = await db.query<{ id: number }>(
    `INSERT INTO reservations (customer_id, customer_name, email, phone, table_id, number_of_guests, reservation_date, reservation_time,
       down_payment_due, payment_status, status, decided_by, decided_at)
     SELECT $1, 'Rem Inder', $2, $3, t.id, 2, $4::date, $5, 100, 'paid', 'confirmed', 'staff@samgyup.test', now()
       FROM restaurant_tables t WHERE t.table_number = $6 RETURNING id`,
    [customer.id, email, phone, date, time, tableNumber],
  );
  return reservation.id;
}

const setLeads = (first: number, second: number) => db.query('UPDATE booking_policy SET first_reminder_minutes = $1, second_reminder_minutes = $2', [first, second]);

beforeAll(async () => {
  server = await startThrowawayPostgres();
  const admin = new pg.Client({ connectionString: server.url });
  await admin.connect();
  await admin.query('CREATE DATABASE samgyup_reminders');
  await admin.end();
  databaseUrl = withDatabase(server.url, 'samgyup_reminders');
  db = new pg.Pool({ connectionString: databaseUrl, max: 3 });
  db.on('error', () => undefined);
}, 120_000);

afterAll(async () => {
  await stopBoth();
  await db?.end().catch(() => undefined);
  server?.destroy();
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
}, 60_000);

describe('reminders with two replicas on PostgreSQL, restarted in between', () => {
  it('sends each reminder exactly once', async () => {
    await startBoth();
    const email = `reminded.${Date.now()}@example.com`;
    const phone = '0917 555 0123';
    // Two days ahead: inside a first reminder 7 days ahead, outside a second 1 day ahead.
    const id = await confirmedReservation(email, phone, daysFromNow(2), '20:00', 1);
    await setLeads(10080, 1440);

    await sweep(8);
    expect(outboxFiles('mailbox', email)).toHaveLength(1);
    expect(outboxFiles('sms-outbox', phone)).toHaveLength(1);

    await stopBoth();
    await startBoth();
    await sweep(8);
    // Still one: the restart thinks of the same first reminder and finds it sent.
    expect(outboxFiles('mailbox', email)).toHaveLength(1);

    // The second reminder's time comes (its lead moved to about 6.9 days): it goes once too.
    await setLeads(10080, 10000);
    await sweep(8);
    expect(outboxFiles('mailbox', email)).toHaveLength(2);
    expect(outboxFiles('sms-outbox', phone)).toHaveLength(2);
    const { rows } = await db.query(`SELECT dedupe_key, status, attempts FROM notices WHERE reservation_id = $1 AND channel = 'email' ORDER BY id`, [id]);
    expect(rows).toEqual([
      { dedupe_key: `reminder-first:${id}:${daysFromNow(2)}T20:00:email`, status: 'sent', attempts: 1 },
      { dedupe_key: `reminder-second:${id}:${daysFromNow(2)}T20:00:email`, status: 'sent', attempts: 1 },
    ]);
    expect(replicas.map((replica) => replica.exited())).toEqual([null, null]);
  }, 180_000);
});
