import type { Queryable } from '../db/database';

/** Tells every API process listening on `channel` (LISTEN/NOTIFY), this one included. */
export async function notifyChannel(db: Queryable, channel: string, payload: string): Promise<void> {
  await db.query('SELECT pg_notify($1, $2)', [channel, payload]);
}
