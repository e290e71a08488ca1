import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp, type BuildAppOptions } from '../app';
import { loadConfig, type AppConfig } from '../config';
import type { Database } from '../db/database';
import { seedDemoData } from '../db/seed';
import { openTestDatabase } from './test-database';

export interface TestApp {
  app: FastifyInstance;
  db: Database;
  config: AppConfig;
  close: () => Promise<void>;
}

/** The real app on its own migrated database, with a throwaway data folder. */
export async function createTestApp(
  options: {
    seed?: boolean;
    env?: Record<string, string>;
    beforeReady?: (app: FastifyInstance) => void;
    onRoute?: (route: { method: string | string[]; url: string }) => void;
    logger?: BuildAppOptions['logger'];
  } = {},
): Promise<TestApp> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'samgyup-test-data-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    CORS_ORIGINS: 'http://127.0.0.1:3000',
    CAPTCHA_COST: '10',
    LOG_LEVEL: 'silent',
    ...options.env,
  });
  const { db, dispose } = await openTestDatabase();
  if (options.seed) await seedDemoData(db);
  const app = await buildApp({ config, db, onRoute: options.onRoute, logger: options.logger });
  options.beforeReady?.(app);
  await app.ready();
  return {
    app,
    db,
    config,
    close: async () => {
      await app.close();
      await dispose();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
