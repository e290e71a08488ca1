import { rmSync } from 'node:fs';
import { dropServerDatabase, TEMPLATE_DATABASE_ENV, TEMPLATE_TARBALL_ENV } from './test-database';

export default async function globalTeardown() {
  const tarball = process.env[TEMPLATE_TARBALL_ENV];
  if (tarball) rmSync(tarball, { force: true });
  const template = process.env[TEMPLATE_DATABASE_ENV];
  if (template && process.env.DATABASE_URL) await dropServerDatabase(process.env.DATABASE_URL, template);
}
