import { setImmediate as nextTurn } from 'node:timers/promises';
import { PGlite } from '@electric-sql/pglite';
import type { Database } from './database';

/**
 * One database step at a time, first come first served, each in a turn of
 * the event loop of its own. PGlite runs a query synchronously in this thread
 * and answers through a promise, so queued steps would otherwise run one after
 * another in microtasks while the network waits: under a booking load, new
 * connections were accepted one per ~120 ms and the last of 50 clients waited
 * 5 s. A step is a query or a whole transaction.
 */
function createTurns() {
  let last: Promise<unknown> = Promise.resolve();
  return function inTurn<T>(step: () => Promise<T>): Promise<T> {
    const run = last.then(() => nextTurn()).then(step);
    last = run.catch(() => undefined);
    return run;
  };
}

/** Embedded PostgreSQL (WebAssembly) in a data folder, or in memory when none is given. */
export async function openPgliteDatabase(dataDir?: string): Promise<Database> {
  const pg = dataDir ? new PGlite(dataDir) : new PGlite();
  await pg.waitReady;
  const inTurn = createTurns();

  const rowsOf = async <T>(target: Pick<PGlite, 'query'>, sql: string, params: unknown[]) => (await target.query<T>(sql, params)).rows;

  return {
    engine: 'pglite',
    query: (sql, params = []) => inTurn(() => rowsOf(pg, sql, params)),
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
