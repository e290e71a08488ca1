import type { FastifyRateLimitOptions, FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { Queryable } from '../db/database';
import { countRateLimitHit, deleteEndedRateLimitCounts } from '../repositories/rate-limit-counts-repository';

type Callback = Parameters<FastifyRateLimitStore['incr']>[1];
/** What the plugin really hands `child`: the route's merged options, with the route itself. */
type ChildOptions = Parameters<FastifyRateLimitStore['child']>[0] & { routeInfo?: { method?: string | string[]; url?: string } };

/**
 * A store for @fastify/rate-limit that counts in PostgreSQL, so a limit of 30
 * a minute means 30 for the whole deployment, not 30 per replica. One atomic
 * statement per request; each route counts apart.
 */
export function createRateLimitStore(db: Queryable): FastifyRateLimitStoreCtor {
  return class PostgresRateLimitStore implements FastifyRateLimitStore {
    private readonly prefix: string;

    constructor(_options?: FastifyRateLimitOptions, prefix = '') {
      this.prefix = prefix;
    }

    incr(key: string, callback: Callback, timeWindowMs: number) {
      countRateLimitHit(db, `${this.prefix}${key}`, timeWindowMs).then(
        (row) => callback(null, { current: row.hits, ttl: row.ttl }),
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
  await deleteEndedRateLimitCounts(db);
}
