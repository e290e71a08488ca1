/**
 * Adds a staff account from the command line, e.g. the first admin:
 *   STAFF_PASSWORD='a long secret' npm run staff:create -- admin@example.ph "Ana Reyes" admin
 * The password comes from STAFF_PASSWORD (never from the command line, where
 * it would stay in the shell history). The site must be running (npm start).
 */
import { callApiAsCommandLine, fail } from './command-line-api';

async function main() {
  const [email, name, role = 'staff'] = process.argv.slice(2);
  const password = process.env.STAFF_PASSWORD ?? '';
  if (!email || !name || !['staff', 'admin'].includes(role)) {
    console.error('Usage: STAFF_PASSWORD=\'…\' npm run staff:create -- <email> "<name>" [staff|admin]');
    process.exit(2);
  }
  if (!password) fail('Set STAFF_PASSWORD to the new account’s password (at least 10 characters).');
  const answer = await callApiAsCommandLine('/api/staff/accounts', { email, name, role, password }, 'admin');
  const data = answer.data as { email: string; role: string };
  console.log(`${answer.message} (${data.email}, ${data.role}). Log in at /staff/login.`);
}

void main();
