import path from 'node:path';
import type { AppConfig } from '../config';
import type { Database } from './database';
import { openPgliteDatabase } from './pglite-database';
import { openPostgresDatabase } from './pg-database';

/** PostgreSQL server when DATABASE_URL is set, else embedded PGlite in the data folder. */
export function createDatabase(config: Pick<AppConfig, 'databaseUrl' | 'dataDir'>): Promise<Database> {
  return config.databaseUrl ? openPostgresDatabase(config.databaseUrl) : openPgliteDatabase(path.join(config.dataDir, 'pglite'));
}
