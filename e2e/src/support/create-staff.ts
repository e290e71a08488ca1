import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { repoRoot } from '@samgyup/dev-site';
import { apiOrigin } from './test-ports';

/** Adds a staff account the documented way (`npm run staff:create`), against the API under test. */
export async function createStaffAccount(email: string, name: string, password: string, role: 'staff' | 'admin' = 'staff') {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error('E2E_DATA_DIR is not set: the end-to-end global setup did not run.');
  const { stdout } = await promisify(execFile)(
    process.execPath,
    [require.resolve('tsx/cli'), path.join(repoRoot, 'api', 'src', 'commands', 'create-staff.ts'), email, name, role],
    { cwd: repoRoot, env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', API_URL: apiOrigin, STAFF_PASSWORD: password } },
  );
  return stdout;
}
