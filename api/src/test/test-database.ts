import { readFileSync } from 'node:fs';
import pg from 'pg';
import type { Database } from '../db/database';
import { openPgliteDatabase } from '../db/pglite-database';
import { openPostgresDatabase } from '../db/pg-database';

/**
 * The migrated template, named after the server URL's own database so that two
 * checkouts testing against one server never share (or drop) each other's template.
 */
export function templateDatabase(serverUrl: string): string {
  const name = decodeURIComponent(new URL(serverUrl).pathname.slice(1)) || 'samgyup';
  return `${name.replace(/[^a-z0-9_]/gi, '_')}_test_template`;
}
export const TEMPLATE_TARBALL_ENV = 'SAMGYUP_TEST_PGLITE_TEMPLATE';
export const TEMPLATE_DATABASE_ENV = 'SAMGYUP_TEST_SERVER_TEMPLATE';

/**
 * The template this jest run made on the server. Each run makes its own (named with
 * its process id), so that two runs at once (`npm test`'s two halves) never drop each other's.
 */
export function runTemplateDatabase(): string {
  const name = process.env[TEMPLATE_DATABASE_ENV];
  if (!name) throw new Error('The API test global setup did not run.');
  return name;
}

/** The server URL with another database name. */
export function withDatabase(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}

// How long a database may stay in use by a backend the test role cannot end.
const IN_USE_WAIT_MS = 30_000;

/**
 * Runs a CREATE or DROP DATABASE that PostgreSQL refuses while another backend is
 * on the database it names (55006: object in use), retrying until it is not.
 * The one such backend the test role cannot end is the autovacuum worker (it runs
 * as the superuser, busy on a database a test just wrote to); it leaves in moments.
 */
async function pastOtherBackends(client: pg.Client, sql: string) {
  const deadline = Date.now() + IN_USE_WAIT_MS;
  for (;;) {
    try {
      await client.query(sql);
      return;
    } catch (error) {
      if ((error as { code?: string }).code !== '55006' || Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

/** Creates database `name` on the server, a copy of `template` when given. */
export async function createServerDatabase(serverUrl: string, name: string, template?: string) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await pastOtherBackends(client, `CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`);
  } finally {
    await client.end();
  }
}

/**
 * Drops database `name` from the server: ends the test role's own connections to
 * it (a pool or a killed API's backends), then drops it once no other role's is left.
 * (DROP … WITH (FORCE) would fail outright on the superuser's autovacuum worker.)
 */
export async function dropServerDatabase(serverUrl: string, name: string) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND usename = current_user AND pid <> pg_backend_pid()', [name]);
    await pastOtherBackends(client, `DROP DATABASE IF EXISTS ${name}`);
  } finally {
    await client.end();
  }
}

/**
 * A fresh migrated database for one test file, copied from the template the
 * global setup made once: a new PostgreSQL database from a template, or a PGlite
 * database in memory started from the template's tarball (no data folder to copy
 * and delete: on the loaded two-core machine those took 4-10 s a file).
 */
export async function openTestDatabase(): Promise<{ db: Database; dispose: () => Promise<void> }> {
  const serverUrl = process.env.DATABASE_URL;
  if (serverUrl) {
    const name = `samgyup_test_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
    await createServerDatabase(serverUrl, name, runTemplateDatabase());
    const db = await openPostgresDatabase(withDatabase(serverUrl, name), 5);
    return {
      db,
      dispose: async () => {
        await db.close();
        await dropServerDatabase(serverUrl, name);
      },
    };
  }
  const template = process.env[TEMPLATE_TARBALL_ENV];
  if (!template) throw new Error('The API test global setup did not run.');
  const db = await openPgliteDatabase(undefined, new Blob([readFileSync(template)]));
  return { db, dispose: () => db.close() };
}
