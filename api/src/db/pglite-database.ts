import { setImmediate as nextTurn } from 'node:timers/promises';
import { PGlite } from '@electric-sql/pglite';
import type { Database } from './database';

type Lane = 'first' | 'bulk';

/**
 * A bulk step (a piece of a proof or a photo) waits while other steps do, but
 * not for more than this many of them in a row: a steady read load does not
 * stop uploads.
 */
const STEPS_BEFORE_BULK = 4;

/**
 * One database step at a time, each in a turn of the event loop of its own.
 * PGlite runs a query synchronously in this thread and answers through a
 * promise, so queued steps would otherwise run one after another in
 * microtasks while the network waits: under a booking load, new connections
 * were accepted one per ~120 ms and the last of 50 clients waited 5 s. A step
 * is a query or a whole transaction; steps run first come, first served,
 * except that bulk steps give way to the others (STEPS_BEFORE_BULK): a 32 KB
 * piece costs PGlite several milliseconds, and a read queued behind the pieces
 * of ten uploads waited for all of them (its p99 was 85-96 ms against 18 ms alone, #33).
 */
function createTurns() {
  const waiting: Record<Lane, (() => void)[]> = { first: [], bulk: [] };
  let busy = false;
  let scheduled = false;
  let firstInARow = 0;

  function takeNext() {
    scheduled = false;
    if (busy) return;
    const bulkGoes = waiting.bulk.length > 0 && (waiting.first.length === 0 || firstInARow >= STEPS_BEFORE_BULK);
    const start = bulkGoes ? waiting.bulk.shift() : waiting.first.shift();
    if (!start) return;
    firstInARow = bulkGoes || waiting.bulk.length === 0 ? 0 : firstInARow + 1;
    busy = true;
    start();
  }

  // The choice is made after the network's turn, so a read that arrived meanwhile goes before a waiting bulk step.
  function scheduleNext() {
    if (scheduled) return;
    scheduled = true;
    setImmediate(takeNext);
  }

  return function inTurn<T>(step: () => Promise<T>, lane: Lane = 'first'): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      waiting[lane].push(() => {
        Promise.resolve()
          .then(step)
          .then(resolve, reject)
          .finally(() => {
            busy = false;
            if (waiting.first.length + waiting.bulk.length > 0) scheduleNext();
          });
      });
      if (!busy) scheduleNext();
    });
  };
}

/**
 * Embedded PostgreSQL (WebAssembly) in a data folder, or in memory when none is
 * given: empty, or started from `from` (a tarball of a data folder, from `dumpDataDir`).
 */
export async function openPgliteDatabase(dataDir?: string, from?: Blob): Promise<Database> {
  const pg = dataDir ? new PGlite(dataDir) : new PGlite({ loadDataDir: from });
  await pg.waitReady;
  const inTurn = createTurns();

  const rowsOf = async <T>(target: Pick<PGlite, 'query'>, sql: string, params: unknown[]) => (await target.query<T>(sql, params)).rows;

  return {
    engine: 'pglite',
    query: (sql, params = []) => inTurn(() => rowsOf(pg, sql, params)),
    bulk: { query: (sql, params = []) => inTurn(() => rowsOf(pg, sql, params), 'bulk') },
    exec: (sql) => inTurn(async () => void (await pg.exec(sql))),
    simpleQuery: <T>(sql: string) => inTurn(async () => ((await pg.exec(sql)).at(-1)?.rows ?? []) as T[]),
    transaction: (work) =>
      inTurn(() =>
        pg.transaction((tx) =>
          // The network gets a turn between the queries of a transaction too.
          work({ query: async (sql, params = []) => (await nextTurn(), rowsOf(tx, sql, params)) }),
        ),
      ),
    // Notices come from this process only (PGlite admits one), which is all there is to hear.
    listen: (channel, listener) => inTurn(async () => void (await pg.listen(channel, (payload) => listener.onMessage(payload)))),
    async close() {
      await inTurn(async () => {
        if (!pg.closed) await pg.close();
      });
    },
  };
}
