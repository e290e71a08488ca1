import { buildApp } from './app';
import { loadConfig } from './config';
import { createDatabase } from './db/create-database';
import { migrate } from './db/migrate';
import { seedDemoData } from './db/seed';

async function main() {
  const config = loadConfig();
  const db = await createDatabase(config);
  const applied = await migrate(db);
  if (config.seedDemoData) await seedDemoData(db);
  const app = await buildApp({ config, db, logger: { level: config.logLevel } });
  if (applied.length) app.apiLog.info({ applied }, 'migrations applied');

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.apiLog.info({ signal }, 'shutting down');
    await app.close();
    await db.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  app.apiLog.info(`API on http://${config.host}:${config.port} (${db.engine === 'pglite' ? `embedded PostgreSQL in ${config.dataDir}` : 'PostgreSQL server'})`);
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
