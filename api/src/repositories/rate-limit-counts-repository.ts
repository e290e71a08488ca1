import type { Queryable } from '../db/database';

/** Counts one hit in the key's window (a new window when the last one is over): the hits and the window's milliseconds left. */
export async function countRateLimitHit(db: Queryable, key: string, windowMs: number): Promise<{ hits: number; ttl: number }> {
  const [row] = await db.query<{ hits: number; ttl: number }>(
    `INSERT INTO rate_limit_counts AS r (key, hits, window_ends)
     VALUES ($1, 1, now() + make_interval(secs => $2::double precision / 1000))
     ON CONFLICT (key) DO UPDATE SET
       hits = CASE WHEN r.window_ends <= now() THEN 1 ELSE r.hits + 1 END,
       window_ends = CASE WHEN r.window_ends <= now() THEN now() + make_interval(secs => $2::double precision / 1000) ELSE r.window_ends END
     RETURNING hits, greatest(0, ceil(extract(epoch FROM (window_ends - now())) * 1000))::int AS ttl`,
    [key, windowMs],
  );
  return row;
}

/** Counts whose window is over. */
export async function deleteEndedRateLimitCounts(db: Queryable): Promise<void> {
  await db.query(`DELETE FROM rate_limit_counts WHERE window_ends < now() - interval '1 minute'`);
}
