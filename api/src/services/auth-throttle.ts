import type { Queryable } from '../db/database';
import { HttpError } from '../lib/http-error';

export interface ThrottleRule {
  maxFailures: number;
  windowMinutes: number;
  blockMinutes: number;
}

export const LOGIN_PER_EMAIL: ThrottleRule = { maxFailures: 5, windowMinutes: 15, blockMinutes: 15 };
export const LOGIN_PER_ADDRESS: ThrottleRule = { maxFailures: 30, windowMinutes: 15, blockMinutes: 15 };
export const RESET_REQUESTS_PER_EMAIL: ThrottleRule = { maxFailures: 3, windowMinutes: 15, blockMinutes: 15 };

export function tooManyAttempts(minutes: number) {
  return new HttpError(429, `Too many attempts. Please wait ${minutes} minutes and try again.`, {
    'Retry-After': String(minutes * 60),
  });
}

/**
 * Brute-force throttling kept in the database, so every API replica sees the
 * same counts. A key is blocked for a short while only, so the real owner of
 * an account is never locked out for long.
 */
export async function assertNotBlocked(db: Queryable, keys: string[]): Promise<void> {
  const rows = await db.query<{ blocked_minutes: number }>(
    `SELECT ceil(extract(epoch FROM (blocked_until - now())) / 60)::int AS blocked_minutes
       FROM auth_failures WHERE key = ANY($1) AND blocked_until > now()
      ORDER BY blocked_until DESC LIMIT 1`,
    [keys],
  );
  if (rows[0]) throw tooManyAttempts(Math.max(1, rows[0].blocked_minutes));
}

/** Counts one failure (or one use, for rate-limited actions) against a key. */
export async function recordFailure(db: Queryable, key: string, rule: ThrottleRule): Promise<void> {
  await db.query(
    `INSERT INTO auth_failures AS f (key, failures, window_start) VALUES ($1, 1, now())
     ON CONFLICT (key) DO UPDATE SET
       failures = CASE WHEN f.window_start < now() - make_interval(mins => $2) THEN 1 ELSE f.failures + 1 END,
       window_start = CASE WHEN f.window_start < now() - make_interval(mins => $2) THEN now() ELSE f.window_start END,
       blocked_until = CASE
         WHEN f.window_start >= now() - make_interval(mins => $2) AND f.failures + 1 >= $3
         THEN now() + make_interval(mins => $4) ELSE f.blocked_until END`,
    [key, rule.windowMinutes, rule.maxFailures, rule.blockMinutes],
  );
}

export async function clearFailures(db: Queryable, key: string): Promise<void> {
  await db.query('DELETE FROM auth_failures WHERE key = $1', [key]);
}
