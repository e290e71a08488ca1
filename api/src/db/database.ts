/** The little the API needs from PostgreSQL, the same on PGlite and on a server. */
export interface Queryable {
  /** One statement, parameterised ($1, $2 …). */
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>;
}

export interface ChangeListener {
  /** A NOTIFY on the channel, from this process or any other on the same database. */
  onMessage(payload: string): void;
  /** The connection was lost: messages sent from now until onResync are missed. */
  onLost?(): void;
  /** The connection was lost and is back: messages sent meanwhile may be missed. */
  onResync(): void;
}

export interface Database extends Queryable {
  /**
   * For statements that move a large piece of bytes (a proof's or a photo's): on PGlite, which runs them on the
   * API's thread, they give way to the other statements waiting; a server runs them beside the others.
   */
  readonly bulk: Queryable;
  /** Several statements without parameters (migrations). */
  exec(sql: string): Promise<void>;
  /** Several statements without parameters in one round trip, answering the rows of the last (the job queue's scripts). */
  simpleQuery<T = Record<string, unknown>>(sql: string): Promise<T[]>;
  /** Runs `work` in one transaction: committed when it resolves, rolled back when it throws. */
  transaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T>;
  /** LISTEN on a channel until the database is closed; reconnects on its own after an outage. */
  listen(channel: string, listener: ChangeListener): Promise<void>;
  close(): Promise<void>;
  readonly engine: 'pglite' | 'postgres';
}

export async function queryOne<T>(db: Queryable, sql: string, params?: unknown[]): Promise<T | null> {
  const rows = await db.query<T>(sql, params);
  return rows[0] ?? null;
}

/** PostgreSQL's unique_violation, e.g. a second booking of one table and slot. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  const record = error as { code?: string; constraint?: string } | null;
  return record?.code === '23505' && (!constraint || record.constraint === constraint);
}

/**
 * The database server cannot be reached (down, restarting, its connection cut):
 * the request may succeed if sent again in a moment. Answered with 503.
 */
export class DatabaseUnavailableError extends Error {
  constructor(cause: unknown) {
    super(`The database is unavailable: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
    this.name = 'DatabaseUnavailableError';
  }
}

// SQLSTATE classes 08 (connection exception) and 57P (operator intervention:
// shutdown, crash, cannot connect now), and too_many_connections.
const UNAVAILABLE_SQLSTATE = /^(08|57P)/;
const UNAVAILABLE_NODE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH']);
// node-postgres reports a dropped socket, a connect timeout and a broken client in words only.
const UNAVAILABLE_MESSAGES = /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Client was closed and is not queryable/;

/** True when `error` says the server could not be reached, rather than that the statement was wrong. */
export function isConnectionFailure(error: unknown): boolean {
  if (error instanceof DatabaseUnavailableError) return true;
  const record = error as { code?: unknown; message?: unknown } | null;
  if (!record || typeof record !== 'object') return false;
  const code = typeof record.code === 'string' ? record.code : '';
  if (UNAVAILABLE_SQLSTATE.test(code) || code === '53300' || UNAVAILABLE_NODE_CODES.has(code)) return true;
  return typeof record.message === 'string' && UNAVAILABLE_MESSAGES.test(record.message);
}

/** Rethrows a connection failure as DatabaseUnavailableError, anything else as it is. */
export function asDatabaseError(error: unknown): unknown {
  return !(error instanceof DatabaseUnavailableError) && isConnectionFailure(error) ? new DatabaseUnavailableError(error) : error;
}
