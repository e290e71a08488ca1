/** The little the API needs from PostgreSQL, the same on PGlite and on a server. */
export interface Queryable {
  /** One statement, parameterised ($1, $2 …). */
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>;
}

export interface Database extends Queryable {
  /** Several statements without parameters (migrations). */
  exec(sql: string): Promise<void>;
  /** Runs `work` in one transaction: committed when it resolves, rolled back when it throws. */
  transaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T>;
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
