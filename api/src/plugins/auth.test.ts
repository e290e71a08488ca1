import { createSigner } from 'fast-jwt';
import { quickCustomer } from '../test/customer-helper';
import { createTestApp, type TestApp } from '../test/create-test-app';

let t: TestApp;
beforeAll(async () => (t = await createTestApp()));
afterAll(() => t.close());

const mine = (authorization: string) => t.app.inject({ method: 'GET', url: '/api/reservations/mine', headers: { authorization } });

describe('login tokens', () => {
  it('refuses a token that says it was issued later than now, even with a valid signature', async () => {
    const { user, auth } = await quickCustomer(t.app);
    expect((await mine(auth.authorization)).statusCode).toBe(200);

    const signAt = (issuedAt: number) =>
      createSigner({ key: t.config.jwtSecret, algorithm: 'HS256' })({
        sub: String(user.id),
        email: user.email,
        role: 'customer',
        ver: 0,
        iat: Math.floor(issuedAt / 1000),
        exp: Math.floor(issuedAt / 1000) + 3600,
      });
    const fromTheFuture = await mine(`Bearer ${signAt(Date.now() + 24 * 3600_000)}`);
    expect(fromTheFuture.statusCode).toBe(401);
    expect(fromTheFuture.json().message).toBe('Your session has ended. Please log in again.');
    // Another replica's clock a few seconds ahead is no reason to log anyone out.
    expect((await mine(`Bearer ${signAt(Date.now() + 5_000)}`)).statusCode).toBe(200);
    // Nor is a token with no issue time a login this API made.
    const noIssueTime = createSigner({ key: t.config.jwtSecret, algorithm: 'HS256', noTimestamp: true, expiresIn: 3600_000 })({
      sub: String(user.id),
      email: user.email,
      role: 'customer',
    });
    expect((await mine(`Bearer ${noIssueTime}`)).statusCode).toBe(401);
  });
});
