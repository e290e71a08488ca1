import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { migrate } from '../db/migrate';
import { openPgliteDatabase } from '../db/pglite-database';
import { openPostgresDatabase } from '../db/pg-database';
import { createServerDatabase, dropServerDatabase, templateDatabase, TEMPLATE_DIR_ENV, withDatabase } from './test-database';

/** Creates and migrates the template database once per test run. */
export default async function globalSetup() {
  const serverUrl = process.env.DATABASE_URL;
  if (serverUrl) {
    const template = templateDatabase(serverUrl);
    await dropServerDatabase(serverUrl, template);
    await createServerDatabase(serverUrl, template);
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
