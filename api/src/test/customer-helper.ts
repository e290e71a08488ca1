import type { FastifyInstance } from 'fastify';
import { solvedCaptcha } from './captcha-helper';

let counter = 0;

/** Registers a customer and logs in; returns the bearer token and profile. */
export async function registerAndLogin(app: FastifyInstance, overrides: Partial<Record<string, string>> = {}) {
  counter += 1;
  const account = {
    first_name: 'Ana',
    last_name: 'Cruz',
    email: `ana.${counter}.${Date.now()}@example.com`,
    password: 'secret123',
    ...overrides,
  };
  const registered = await app.inject({
    method: 'POST',
    url: '/api/customers/register',
    payload: { ...account, captcha: await solvedCaptcha(app) },
  });
  if (registered.statusCode !== 201) throw new Error(`register failed: ${registered.body}`);
  const login = await app.inject({
    method: 'POST',
    url: '/api/customers/login',
    payload: { email: account.email, password: account.password, captcha: await solvedCaptcha(app) },
  });
  if (login.statusCode !== 200) throw new Error(`login failed: ${login.body}`);
  const { token, user } = login.json().data as { token: string; user: { id: number; email: string } };
  return { token, user, account, auth: { authorization: `Bearer ${token}` } };
}

/** A customer row and a token for it, without the register and login round trips (for tests about something else). */
export async function quickCustomer(app: FastifyInstance) {
  counter += 1;
  const email = `quick.${counter}.${Date.now()}@example.com`;
  const [row] = await app.db.query<{ id: number }>(`INSERT INTO customers (first_name, last_name, email) VALUES ('Ana', 'Cruz', $1) RETURNING id`, [email]);
  const token = app.issueToken({ id: row.id, email, role: 'customer' });
  return { user: { id: row.id, email }, auth: { authorization: `Bearer ${token}` } };
}

let staffCounter = 0;

/** A staff account (without the slow password hash) and its bearer header. */
export async function quickStaff(app: FastifyInstance, role: 'staff' | 'admin' = 'staff') {
  staffCounter += 1;
  const email = `staff.${staffCounter}.${Date.now()}@samgyup.test`;
  const [row] = await app.db.query<{ id: number }>(`INSERT INTO staff_accounts (name, email, password_hash, role) VALUES ($1, $2, 'not-a-real-hash', $3) RETURNING id`, [
    `Staff ${staffCounter}`,
    email,
    role,
  ]);
  const token = app.issueToken({ id: row.id, email, role });
  return { id: row.id, email, auth: { authorization: `Bearer ${token}` } };
}
