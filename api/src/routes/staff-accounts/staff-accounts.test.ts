import { hashPassword } from '../../services/passwords';
import { createTestApp, type TestApp } from '../../test/create-test-app';
import { quickCustomer, quickStaff } from '../../test/customer-helper';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMIT_ENABLED: 'false' } });
});
afterAll(() => t.close());

async function staffWithPassword(email: string, password: string, role: 'staff' | 'admin' = 'staff') {
  await t.db.query(`INSERT INTO staff_accounts (name, email, password_hash, role) VALUES ('Lea', $1, $2, $3)`, [email, await hashPassword(password), role]);
}

const login = (email: string, password: string) => t.app.inject({ method: 'POST', url: '/api/staff/login', payload: { email, password } });

describe('staff login', () => {
  it('gives a staff token for the right password, and the account behind it', async () => {
    await staffWithPassword('lea@samgyup.test', 'grill-master-1');
    const answer = await login('LEA@samgyup.test', 'grill-master-1');
    expect(answer.statusCode).toBe(200);
    const { token, staff } = answer.json().data;
    expect(staff).toMatchObject({ email: 'lea@samgyup.test', role: 'staff', is_active: true });
    expect(staff.password_hash).toBeUndefined();
    const me = await t.app.inject({ method: 'GET', url: '/api/staff/me', headers: { authorization: `Bearer ${token}` } });
    expect(me.json().data.email).toBe('lea@samgyup.test');
  });

  it('refuses a wrong password, then blocks after 5 failures', async () => {
    await staffWithPassword('kim@samgyup.test', 'grill-master-2');
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const wrong = await login('kim@samgyup.test', 'nope');
      expect(wrong.statusCode).toBe(401);
      expect(wrong.json().message).toBe('Wrong email or password.');
    }
    const blocked = await login('kim@samgyup.test', 'grill-master-2');
    expect(blocked.statusCode).toBe(429);
  });

  it('lets no stranger lock a staff member out: 5 wrong guesses from one address block that address only', async () => {
    await staffWithPassword('ria@samgyup.test', 'grill-master-3');
    const from = (remoteAddress: string, password: string) =>
      t.app.inject({ method: 'POST', url: '/api/staff/login', payload: { email: 'ria@samgyup.test', password }, remoteAddress });
    for (let attempt = 0; attempt < 5; attempt += 1) expect((await from('203.0.113.9', 'guess')).statusCode).toBe(401);
    expect((await from('203.0.113.9', 'grill-master-3')).statusCode).toBe(429);
    // Ria, at the restaurant's counter, still logs in.
    expect((await from('198.51.100.20', 'grill-master-3')).statusCode).toBe(200);
  });

  it('is separate from customer accounts: a customer token gets 403 on staff routes, no token 401', async () => {
    const customer = await quickCustomer(t.app);
    for (const url of [
      '/api/staff/me',
      '/api/staff/accounts',
      '/api/staff/reservations',
      '/api/staff/tables',
      '/api/staff/feedback',
      '/api/staff/menu-items',
      '/api/staff/refill-requests',
    ]) {
      expect((await t.app.inject({ method: 'GET', url, headers: customer.auth })).statusCode).toBe(403);
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    }
  });
});

describe('managing staff (admin)', () => {
  it('lets an admin add staff, who can then log in; staff cannot add anyone', async () => {
    const admin = await quickStaff(t.app, 'admin');
    const staff = await quickStaff(t.app, 'staff');
    const body = { name: 'Jun Dela Cruz', email: 'jun@samgyup.test', password: 'long-password-1', role: 'staff' };
    expect((await t.app.inject({ method: 'POST', url: '/api/staff/accounts', headers: staff.auth, payload: body })).statusCode).toBe(403);
    const added = await t.app.inject({ method: 'POST', url: '/api/staff/accounts', headers: admin.auth, payload: body });
    expect(added.statusCode).toBe(201);
    expect(added.json().data).toMatchObject({ email: 'jun@samgyup.test', role: 'staff', created_by: admin.email });
    expect((await login('jun@samgyup.test', 'long-password-1')).statusCode).toBe(200);
    const again = await t.app.inject({ method: 'POST', url: '/api/staff/accounts', headers: admin.auth, payload: body });
    expect(again.statusCode).toBe(409);
    const short = await t.app.inject({ method: 'POST', url: '/api/staff/accounts', headers: admin.auth, payload: { ...body, email: 'x@samgyup.test', password: 'short' } });
    expect(short.json().message).toBe('Use at least 10 characters for a staff password');
  });

  it('disabling a staff account ends its access at once, even with a valid token', async () => {
    const admin = await quickStaff(t.app, 'admin');
    const staff = await quickStaff(t.app, 'staff');
    expect((await t.app.inject({ method: 'GET', url: '/api/staff/tables', headers: staff.auth })).statusCode).toBe(200);
    const disabled = await t.app.inject({ method: 'PATCH', url: `/api/staff/accounts/${staff.id}`, headers: admin.auth, payload: { is_active: false } });
    expect(disabled.statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/staff/tables', headers: staff.auth })).statusCode).toBe(401);
    const list = (await t.app.inject({ method: 'GET', url: '/api/staff/accounts', headers: admin.auth })).json().data;
    expect(list.find((row: { id: number }) => row.id === staff.id).is_active).toBe(false);
  });

  it('keeps at least one active admin and never lets an admin disable themself', async () => {
    await t.db.query(`UPDATE staff_accounts SET is_active = false WHERE role = 'admin'`);
    const admin = await quickStaff(t.app, 'admin');
    const self = await t.app.inject({ method: 'PATCH', url: `/api/staff/accounts/${admin.id}`, headers: admin.auth, payload: { is_active: false } });
    expect(self.statusCode).toBe(409);
    const demote = await t.app.inject({ method: 'PATCH', url: `/api/staff/accounts/${admin.id}`, headers: admin.auth, payload: { role: 'staff' } });
    expect(demote.statusCode).toBe(409);
    expect(demote.json().message).toBe('Keep at least one active admin.');
  });
});
