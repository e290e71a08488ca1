import { PGlite } from '@electric-sql/pglite';
import type { Database, Queryable } from './database';

/** Embedded PostgreSQL (WebAssembly) in a data folder, or in memory when none is given. */
export async function openPgliteDatabase(dataDir?: string): Promise<Database> {
  const pg = dataDir ? new PGlite(dataDir) : new PGlite();
  await pg.waitReady;

  const wrap = (target: Pick<PGlite, 'query'>): Queryable => ({
    async query<T>(sql: string, params: unknown[] = []) {
      const result = await target.query<T>(sql, params);
      return result.rows;
    },
  });

  return {
    engine: 'pglite',
    ...wrap(pg),
    async exec(sql) {
      await pg.exec(sql);
    },
    transaction: (work) => pg.transaction((tx) => work(wrap(tx))),
    async close() {
      if (!pg.closed) await pg.close();
    },
  };
}
