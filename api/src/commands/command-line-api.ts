import { createSigner } from 'fast-jwt';
import { loadConfig } from '../config';

/**
 * Calls the running API as the command line: a one-minute staff token signed
 * with the API's own secret (kept in DATA_DIR), so commands work on PGlite and
 * PostgreSQL alike without opening the database beside the server.
 */
export async function callApiAsCommandLine(path: string, body: unknown, role: 'staff' | 'admin'): Promise<{ message?: string; data?: Record<string, unknown> }> {
  const config = loadConfig(process.env);
  const apiUrl = process.env.API_URL || `http://${config.host}:${config.port}`;
  const token = createSigner({ key: config.jwtSecret, algorithm: 'HS256', expiresIn: 60_000 })({ sub: '0', email: 'command-line', role });
  let response: Response;
  try {
    response = await fetch(`${apiUrl}${path}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
      body: JSON.stringify(body),
    });
  } catch {
    fail(`The API at ${apiUrl} is not answering. Start the site first (npm start).`);
  }
  const answer = (await response.json().catch(() => ({}))) as { message?: string; data?: Record<string, unknown> };
  if (!response.ok || !answer.data) fail(answer.message ?? `The API answered ${response.status}.`);
  return answer;
}

export function fail(message: string): never {
  console.error(message);
  process.exit(1);
}
