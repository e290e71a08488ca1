import type PgBoss from 'pg-boss';
import type { Database, Queryable } from './database';

// Any constant works; it only has to be the same for every API process.
const JOB_QUEUE_START_LOCK = 727_003;

/**
 * pg-boss speaking through the API's own database: on a server through the
 * pool, on PGlite through its one connection. pg-boss sends its multi-statement
 * scripts (schema, locks) without parameters, which need the simple protocol.
 */
export function bossConnection(db: Database | Queryable): PgBoss.Db {
  return {
    async executeSql(text: string, values?: unknown[]) {
      if (values && values.length > 0) return { rows: await db.query(text, values) };
      return { rows: 'simpleQuery' in db ? await db.simpleQuery(text) : await db.query(text) };
    },
  };
}

/** Waits for, then holds until the transaction ends, the lock replicas take in turn to set up the job queue. */
export async function lockJobQueueStart(tx: Queryable): Promise<void> {
  await tx.query('SELECT pg_advisory_xact_lock($1)', [JOB_QUEUE_START_LOCK]);
}
