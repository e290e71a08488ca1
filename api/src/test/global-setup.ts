import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { migrate } from '../db/migrate';
import { openPgliteDatabase } from '../db/pglite-database';
import { openPostgresDatabase } from '../db/pg-database';
import { adminQuery, templateDatabase, TEMPLATE_DIR_ENV, withDatabase } from './test-database';

/** Creates and migrates the template database once per test run. */
export default async function globalSetup() {
  const serverUrl = process.env.DATABASE_URL;
  if (serverUrl) {
    const template = templateDatabase(serverUrl);
    await adminQuery(serverUrl, `DROP DATABASE IF EXISTS ${template} WITH (FORCE)`);
    await adminQuery(serverUrl, `CREATE DATABASE ${template}`);
    const db = await openPostgresDatabase(withDatabase(serverUrl, template), 1);
    await migrate(db);
    await db.close();
    return;
  }
  const dir = mkdtempSync(path.join(tmpdir(), 'samgyup-test-template-'));
  const db = await openPgliteDatabase(dir);
  await migrate(db);
  await db.close();
  process.env[TEMPLATE_DIR_ENV] = dir;
}
