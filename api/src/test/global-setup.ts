import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pino from 'pino';
import type { Database } from '../db/database';
import { migrate } from '../db/migrate';
import { openPgliteDatabase } from '../db/pglite-database';
import { openPostgresDatabase } from '../db/pg-database';
import { createJobQueue } from '../services/job-queue';
import { createServerDatabase, dropServerDatabase, templateDatabase, TEMPLATE_DATABASE_ENV, TEMPLATE_TARBALL_ENV, withDatabase } from './test-database';

/**
 * Migrates the template and has the job queue create its schema and queues in
 * it, which every test app's start would otherwise do again on its copy (about
 * 1.6 s of each app's start, measured on PGlite on the loaded two-core machine).
 */
async function prepareTemplate(db: Database) {
  await migrate(db);
  const jobs = createJobQueue(db, pino({ enabled: false }));
  await jobs.start();
  await jobs.stop();
  await db.close();
}

/** Creates and prepares the template database once per test run. */
export default async function globalSetup() {
  const serverUrl = process.env.DATABASE_URL;
  if (serverUrl) {
    const template = `${templateDatabase(serverUrl)}_${process.pid}`;
    await dropServerDatabase(serverUrl, template);
    await createServerDatabase(serverUrl, template);
    // Two connections: the job queue starts under a lock held by a connection of its own.
    await prepareTemplate(await openPostgresDatabase(withDatabase(serverUrl, template), 2));
    process.env[TEMPLATE_DATABASE_ENV] = template;
    return;
  }
  const dir = mkdtempSync(path.join(tmpdir(), 'samgyup-test-template-'));
  await prepareTemplate(await openPgliteDatabase(dir));
  // Each test file starts its database in memory from this tarball of the prepared folder.
  const pg = new PGlite(dir);
  await pg.waitReady;
  const tarball = `${dir}.tar`;
  writeFileSync(tarball, Buffer.from(await (await pg.dumpDataDir('none')).arrayBuffer()));
  await pg.close();
  rmSync(dir, { recursive: true, force: true });
  process.env[TEMPLATE_TARBALL_ENV] = tarball;
}
