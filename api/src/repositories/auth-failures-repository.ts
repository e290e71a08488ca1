import type { Queryable } from '../db/database';

export interface AttemptPlace {
  failures: number;
  checking: number;
  /** Minutes left of a lock, or null when the key is not locked. */
  blocked_minutes: number | null;
}

/**
 * Takes a place for an attempt about to be checked, starting a new window when
 * the last one is over; a locked key takes none and says for how long.
 */
export async function takeAttemptPlace(db: Queryable, key: string, windowMinutes: number): Promise<AttemptPlace> {
  const [row] = await db.query<AttemptPlace>(
    `INSERT INTO auth_failures AS f (key, failures, checking, window_start) VALUES ($1, 0, 1, now())
     ON CONFLICT (key) DO UPDATE SET
       failures = CASE WHEN f.blocked_until > now() THEN f.failures
                       WHEN f.window_start < now() - make_interval(mins => $2) THEN 0
                       ELSE f.failures END,
       checking = CASE WHEN f.blocked_until > now() THEN f.checking
                       WHEN f.window_start < now() - make_interval(mins => $2) THEN 1
                       ELSE f.checking + 1 END,
       window_start = CASE WHEN f.blocked_until > now() OR f.window_start >= now() - make_interval(mins => $2)
                           THEN f.window_start ELSE now() END
     RETURNING failures, checking,
               CASE WHEN blocked_until > now() THEN ceil(extract(epoch FROM (blocked_until - now())) / 60)::int END AS blocked_minutes`,
    [key, windowMinutes],
  );
  return row;
}

export async function giveBackAttemptPlace(db: Queryable, key: string): Promise<void> {
  await db.query('UPDATE auth_failures SET checking = checking - 1 WHERE key = $1 AND checking > 0', [key]);
}

/** Counts a wrong attempt in place of its place; the one that reaches `maxFailures` locks the key. */
export async function countFailedAttempt(db: Queryable, key: string, maxFailures: number, blockMinutes: number): Promise<void> {
  await db.query(
    `UPDATE auth_failures SET failures = failures + 1, checking = greatest(checking - 1, 0),
            blocked_until = CASE WHEN failures + 1 >= $2 AND (blocked_until IS NULL OR blocked_until <= now())
                                 THEN now() + make_interval(mins => $3) ELSE blocked_until END
      WHERE key = $1`,
    [key, maxFailures, blockMinutes],
  );
}

export async function deleteAuthFailures(db: Queryable, key: string): Promise<void> {
  await db.query('DELETE FROM auth_failures WHERE key = $1', [key]);
}

/** Deletes the failures of every key starting with `prefix` (compared as text, no wildcards). */
export async function deleteAuthFailuresStartingWith(db: Queryable, prefix: string): Promise<void> {
  await db.query('DELETE FROM auth_failures WHERE left(key, length($1)) = $1', [prefix]);
}
