import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Database, Queryable } from './database';

const MIGRATIONS_DIR = path.join(__dirname, 'migrations');
// Any constant works; it only has to be the same for every API process.
const MIGRATION_LOCK = 727_001;

/**
 * Waits for, then holds until the transaction ends, the lock that replicas
 * starting together take before they change the schema or its first data.
 */
export async function lockSchemaChanges(tx: Queryable): Promise<void> {
  await tx.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
}

export function migrationFiles(): string[] {
  return readdirSync(MIGRATIONS_DIR)
    .filter((file) => /^\d{3}_[a-z0-9_]+\.sql$/.test(file))
    .sort();
}

/**
 * Applies the numbered SQL migrations not applied yet, each in its own
 * transaction. An advisory lock keeps replicas starting together from racing.
 */
export async function migrate(db: Database): Promise<string[]> {
  // Under the lock too: two `CREATE TABLE IF NOT EXISTS` at once can both
  // find no table, and the second fails on the catalogue's unique key.
  await db.transaction(async (tx) => {
    await lockSchemaChanges(tx);
    await tx.query(`CREATE TABLE IF NOT EXISTS schema_migrations (
      version text PRIMARY KEY,
      applied_at timestamptz NOT NULL DEFAULT now()
    )`);
  });
  const applied: string[] = [];
  for (const file of migrationFiles()) {
    const version = file.replace(/\.sql$/, '');
    const sql = readFileSync(path.join(MIGRATIONS_DIR, file), 'utf8');
    const didApply = await db.transaction(async (tx) => {
      await lockSchemaChanges(tx);
      const done = await tx.query('SELECT 1 FROM schema_migrations WHERE version = $1', [version]);
      if (done.length > 0) return false;
      for (const statement of splitStatements(sql)) await tx.query(statement);
      await tx.query('INSERT INTO schema_migrations (version) VALUES ($1)', [version]);
      return true;
    });
    if (didApply) applied.push(version);
  }
  return applied;
}

/** Splits a migration on semicolons at line ends, outside $$ blocks. */
function splitStatements(sql: string): string[] {
  const statements: string[] = [];
  let current = '';
  let inDollar = false;
  for (const line of sql.split('\n')) {
    if (/^\s*--/.test(line) && !inDollar) continue;
    current += `${line}\n`;
    if ((line.match(/\$\$/g) ?? []).length % 2 === 1) inDollar = !inDollar;
    if (!inDollar && /;\s*$/.test(line)) {
      statements.push(current.trim().replace(/;$/, ''));
      current = '';
    }
  }
  if (current.trim()) statements.push(current.trim());
  return statements;
}
