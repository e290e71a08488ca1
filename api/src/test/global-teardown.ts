import { rmSync } from 'node:fs';
import { dropServerDatabase, TEMPLATE_DATABASE_ENV, TEMPLATE_DIR_ENV } from './test-database';

export default async function globalTeardown() {
  const dir = process.env[TEMPLATE_DIR_ENV];
  if (dir) rmSync(dir, { recursive: true, force: true });
  const template = process.env[TEMPLATE_DATABASE_ENV];
  if (template && process.env.DATABASE_URL) await dropServerDatabase(process.env.DATABASE_URL, template);
}
