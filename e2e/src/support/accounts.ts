import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { apiOrigin } from './test-ports';

/** A solved captcha from the API at `api`. */
export async function captcha(api = apiOrigin): Promise<string> {
  const { data: challenge } = (await (await fetch(`${api}/api/captcha/challenge`)).json()) as { data: Challenge };
  const solution = await solveChallenge({ challenge, deriveKey });
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}

/** Creates a customer account straight through the API (or the one at `api`), for tests about something else. */
export async function createCustomer(overrides: Partial<{ first_name: string; last_name: string; email: string; password: string }> = {}, api = apiOrigin) {
  const account = {
    first_name: 'Ana',
    last_name: 'Cruz',
    email: `customer.${Date.now()}.${Math.random().toString(36).slice(2, 6)}@example.com`,
    password: 'secret123',
    ...overrides,
  };
  const response = await fetch(`${api}/api/customers/register`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ ...account, captcha: await captcha(api) }),
  });
  if (response.status !== 201) throw new Error(`could not create the test customer: ${await response.text()}`);
  return account;
}

/** Logs a customer in through the API (or the one at `api`); answers the login response's data (what the site stores as `user`). */
export async function logInCustomerViaApi(email: string, password: string, api = apiOrigin) {
  const response = await fetch(`${api}/api/customers/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password, captcha: await captcha(api) }),
  });
  if (response.status !== 200) throw new Error(`could not log the test customer in: ${await response.text()}`);
  return ((await response.json()) as { data: { token: string; user: { id: number; email: string; first_name: string; last_name: string } } }).data;
}
