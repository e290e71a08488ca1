import type { Database } from './database';
import { openPgliteDatabase } from './pglite-database';

// The embedded database runs queries in the server's own thread. These tests
// hold it to what a server needs from it: the network keeps being served while
// queries queue, and queued work runs in the order it came.
let db: Database;
beforeAll(async () => {
  db = await openPgliteDatabase();
  await db.exec('CREATE TABLE bookings (id serial PRIMARY KEY, name text NOT NULL)');
});
afterAll(() => db.close());

it('gives the event loop a turn before every query, so connections are accepted and read while queries queue', async () => {
  let turns = 0;
  let counting = true;
  const count = () => {
    if (!counting) return;
    turns += 1;
    setImmediate(count);
  };
  setImmediate(count);
  await Promise.all(Array.from({ length: 100 }, (_, i) => db.query('SELECT $1::int AS n', [i])));
  counting = false;
  // Without the turns, PGlite answers all 100 in microtasks within one turn.
  expect(turns).toBeGreaterThanOrEqual(100);
});

it('runs queued queries and transactions first come, first served', async () => {
  const finished: string[] = [];
  await Promise.all([
    db.query('SELECT 1').then(() => finished.push('query 1')),
    db
      .transaction(async (tx) => {
        await tx.query("INSERT INTO bookings (name) VALUES ('Ana')");
        await tx.query("INSERT INTO bookings (name) VALUES ('Ben')");
      })
      .then(() => finished.push('transaction')),
    db.query<{ n: number }>('SELECT count(*)::int AS n FROM bookings').then(([row]) => finished.push(`query 2 saw ${row.n}`)),
  ]);
  expect(finished).toEqual(['query 1', 'transaction', 'query 2 saw 2']);
});

it('goes on after a failed query or a rolled-back transaction', async () => {
  await expect(db.query('SELECT * FROM no_such_table')).rejects.toThrow(/no_such_table/);
  await expect(
    db.transaction(async (tx) => {
      await tx.query("INSERT INTO bookings (name) VALUES ('Cy')");
      throw new Error('changed my mind');
    }),
  ).rejects.toThrow('changed my mind');
  const rows = await db.query<{ name: string }>('SELECT name FROM bookings ORDER BY id');
  expect(rows.map((row) => row.name)).toEqual(['Ana', 'Ben']);
});

it('lets other queries go before waiting bulk statements (pieces of uploads), and bulk statements still go under a steady load', async () => {
  const finished: string[] = [];
  const bulk = Array.from({ length: 3 }, (_, i) => db.bulk.query('SELECT $1::int AS n', [i]).then(() => finished.push(`piece ${i}`)));
  const reads = Array.from({ length: 10 }, (_, i) => db.query('SELECT $1::int AS n', [i]).then(() => finished.push(`read ${i}`)));
  await Promise.all([...bulk, ...reads]);
  // A read arriving behind three pieces waits for at most one; the pieces go in their order, one after every four reads.
  expect(finished).toEqual(['read 0', 'read 1', 'read 2', 'read 3', 'piece 0', 'read 4', 'read 5', 'read 6', 'read 7', 'piece 1', 'read 8', 'read 9', 'piece 2']);
});
