import type { FastifyRateLimitOptions, FastifyRateLimitStore } from '@fastify/rate-limit';
import type { Queryable } from '../db/database';

type Callback = Parameters<FastifyRateLimitStore['incr']>[1];
/** What the plugin really hands `child`: the route's merged options, with the route itself. */
type ChildOptions = Parameters<FastifyRateLimitStore['child']>[0] & { routeInfo?: { method?: string | string[]; url?: string } };

/**
 * A store for @fastify/rate-limit that counts in PostgreSQL, so a limit of 30
 * a minute means 30 for the whole deployment, not 30 per replica. One atomic
 * statement per request; each route counts apart.
 */
export function createRateLimitStore(db: Queryable) {
  return class PostgresRateLimitStore implements FastifyRateLimitStore {
    private readonly prefix: string;

    constructor(_options?: FastifyRateLimitOptions, prefix = '') {
      this.prefix = prefix;
    }

    incr(key: string, callback: Callback, timeWindowMs: number) {
      db.query<{ hits: number; ttl: number }>(
        `INSERT INTO rate_limit_counts AS r (key, hits, window_ends)
         VALUES ($1, 1, now() + make_interval(secs => $2::double precision / 1000))
         ON CONFLICT (key) DO UPDATE SET
           hits = CASE WHEN r.window_ends <= now() THEN 1 ELSE r.hits + 1 END,
           window_ends = CASE WHEN r.window_ends <= now() THEN now() + make_interval(secs => $2::double precision / 1000) ELSE r.window_ends END
         RETURNING hits, greatest(0, ceil(extract(epoch FROM (window_ends - now())) * 1000))::int AS ttl`,
        [`${this.prefix}${key}`, timeWindowMs],
      ).then(
        ([row]) => callback(null, { current: row.hits, ttl: row.ttl }),
        (error: Error) => callback(error),
      );
    }

    child(options: ChildOptions) {
      const method = [options.routeInfo?.method ?? ''].flat().join(',');
      return new PostgresRateLimitStore(undefined, `${method} ${options.routeInfo?.url ?? ''} `);
    }
  };
}

/** Counts whose window is over. */
export async function forgetOldRateLimitCounts(db: Queryable): Promise<void> {
  await db.query(`DELETE FROM rate_limit_counts WHERE window_ends < now() - interval '1 minute'`);
}
