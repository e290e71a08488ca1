import { createTestApp, type TestApp } from '../test/create-test-app';
import { solvedCaptcha } from '../test/captcha-helper';
import { hashPassword } from './passwords';

// Guesses sent all at once: each takes a numbered place before its password is
// checked, so no more than 5 wrong ones are ever checked in a window.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMIT_ENABLED: 'false' } });
});
afterAll(() => t.close());

let counter = 0;
async function customer(password: string) {
  counter += 1;
  const email = `burst.${counter}.${Date.now()}@example.com`;
  await t.db.query(`INSERT INTO customers (first_name, last_name, email, password_hash) VALUES ('Ana', 'Cruz', $1, $2)`, [email, await hashPassword(password)]);
  return email;
}

const customerLogin = async (email: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/customers/login', payload: { email, password, captcha: await solvedCaptcha(t.app) } });

const failuresOf = async (key: string) => (await t.db.query<{ failures: number }>('SELECT failures FROM auth_failures WHERE key = $1', [key]))[0]?.failures ?? 0;

it('checks at most 5 of 20 wrong customer passwords sent at once, and the right one among them unlocks nothing', async () => {
  const email = await customer('secret123');
  const captchas = await Promise.all(Array.from({ length: 20 }, () => solvedCaptcha(t.app)));
  const answers = await Promise.all(
    captchas.map((captcha, index) =>
      t.app.inject({ method: 'POST', url: '/api/customers/login', payload: { email, password: index === 10 ? 'secret123' : `wrong-${index}`, captcha } }),
    ),
  );
  const statuses = answers.map((answer) => answer.statusCode);
  expect(statuses.filter((status) => status === 401).length).toBeLessThanOrEqual(5);
  expect(statuses.filter((status) => ![200, 401, 429].includes(status))).toEqual([]);
  // However the burst went, 5 wrong passwords in all are checked before the lock.
  let checked = statuses.filter((status) => status === 401).length;
  for (let attempt = 0; attempt < 6; attempt += 1) if ((await customerLogin(email, 'wrong-again')).statusCode === 401) checked += 1;
  expect(checked).toBe(5);
  expect((await customerLogin(email, 'secret123')).statusCode).toBe(429);
  expect(await failuresOf(`login:email:${email}`)).toBe(5);
});

it('checks at most 5 of 30 wrong staff passwords sent at once', async () => {
  const email = `burst.staff.${Date.now()}@samgyup.test`;
  await t.db.query(`INSERT INTO staff_accounts (name, email, password_hash) VALUES ('Lea', $1, $2)`, [email, await hashPassword('grill-master-9')]);
  const answers = await Promise.all(
    Array.from({ length: 30 }, (_, index) => t.app.inject({ method: 'POST', url: '/api/staff/login', payload: { email, password: `wrong-${index}` } })),
  );
  const statuses = answers.map((answer) => answer.statusCode);
  expect(statuses.filter((status) => status === 401)).toHaveLength(5);
  expect(statuses.filter((status) => status === 429)).toHaveLength(25);
});

it('gives its place back to a right password, and a refused attempt takes none', async () => {
  const email = await customer('secret123');
  expect((await customerLogin(email, 'wrong')).statusCode).toBe(401);
  expect((await customerLogin(email, 'secret123')).statusCode).toBe(200);
  expect(await failuresOf(`login:email:${email}`)).toBe(1);
});
