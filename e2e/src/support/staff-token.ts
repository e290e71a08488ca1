import { createSigner } from 'fast-jwt';
import { loadConfig } from '../../../api/src/config';

/**
 * A staff bearer header for the API under test, signed with its own secret
 * (kept in its DATA_DIR), for checks the staff console will make by hand.
 */
export function staffHeaders(): Record<string, string> {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error('E2E_DATA_DIR is not set: the end-to-end global setup did not run.');
  const { jwtSecret } = loadConfig({ ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' });
  const token = createSigner({ key: jwtSecret, algorithm: 'HS256', expiresIn: 60_000 })({ sub: '0', email: 'e2e', role: 'staff' });
  return { Authorization: `Bearer ${token}` };
}
