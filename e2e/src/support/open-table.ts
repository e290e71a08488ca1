import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { repoRoot } from '@samgyup/dev-site';
import { apiOrigin } from './test-ports';

/**
 * Seats a party the way the restaurant does before the staff console exists:
 * runs `npm run table:open`'s command against the API under test, and answers
 * the table code it printed.
 */
export async function openTable(tableNumber: number, minutes?: number): Promise<string> {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error('E2E_DATA_DIR is not set: the end-to-end global setup did not run.');
  const args = [require.resolve('tsx/cli'), path.join(repoRoot, 'api', 'src', 'commands', 'open-table.ts'), String(tableNumber)];
  if (minutes !== undefined) args.push(String(minutes));
  const { stdout } = await promisify(execFile)(process.execPath, args, {
    cwd: repoRoot,
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', API_URL: apiOrigin },
  });
  const code = /Table code: (\S+)/.exec(stdout)?.[1];
  if (!code) throw new Error(`table:open printed no table code:\n${stdout}`);
  return code;
}
