/**
 * Opens a dining session from the command line, until staff do it from the
 * staff console: `npm run table:open -- <table number> [minutes]`.
 * It signs a short-lived staff token with the API's own secret (from DATA_DIR)
 * and asks the running API, so it works on PGlite and PostgreSQL alike.
 */
import { createSigner } from 'fast-jwt';
import { loadConfig } from '../config';

async function main() {
  const [tableArg, minutesArg] = process.argv.slice(2);
  const tableNumber = Number(tableArg);
  const minutes = minutesArg === undefined ? undefined : Number(minutesArg);
  if (!Number.isInteger(tableNumber) || tableNumber <= 0 || (minutes !== undefined && !(minutes > 0))) {
    console.error('Usage: npm run table:open -- <table number> [minutes]   e.g. npm run table:open -- 3 90');
    process.exit(2);
  }
  const config = loadConfig(process.env);
  const apiUrl = process.env.API_URL || `http://${config.host}:${config.port}`;
  const token = createSigner({ key: config.jwtSecret, algorithm: 'HS256', expiresIn: 60_000 })({
    sub: '0',
    email: 'command-line',
    role: 'staff',
  });
  let response: Response;
  try {
    response = await fetch(`${apiUrl}/api/staff/dining-sessions`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
      body: JSON.stringify({
        table_number: tableNumber,
        ...(minutes === undefined ? {} : { duration_sec: Math.round(minutes * 60) }),
      }),
    });
  } catch {
    console.error(`The API at ${apiUrl} is not answering. Start the site first (npm start).`);
    process.exit(1);
  }
  const body = (await response.json().catch(() => ({}))) as { message?: string; data?: { table_code: string; ends_at: string } };
  if (!response.ok || !body.data) {
    console.error(body.message ?? `The API answered ${response.status}.`);
    process.exit(1);
  }
  console.log(`${body.message}\nTable code: ${body.data.table_code}\nEnds at:    ${new Date(body.data.ends_at).toLocaleString()}`);
}

void main();
