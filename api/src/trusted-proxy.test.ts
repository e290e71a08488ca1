import { createTestApp, type TestApp } from './test/create-test-app';

// Behind a load balancer every request comes from its address: the per-address
// limits must count the visitor it names in X-Forwarded-For, and only when it
// is a proxy the API was told to trust.
const refillFrom = (t: TestApp, visitor: string, remoteAddress = '127.0.0.1') =>
  t.app.inject({
    method: 'POST',
    url: '/api/refill-requests',
    remoteAddress,
    headers: { 'x-forwarded-for': visitor },
    payload: { table_code: 'NOSUCH', request_type: 'General Refill', notes: '' },
  });

async function limitedAfter30(t: TestApp, visitor: string) {
  for (let sent = 0; sent < 30; sent += 1) expect((await refillFrom(t, visitor)).statusCode).not.toBe(429);
  return (await refillFrom(t, visitor)).statusCode === 429;
}

describe('per-address limits behind a proxy', () => {
  it('count each visitor the trusted proxy names', async () => {
    const t = await createTestApp({ env: { RATE_LIMIT_ENABLED: 'true', TRUST_PROXY: 'loopback' } });
    try {
      expect(await limitedAfter30(t, '203.0.113.7')).toBe(true);
      expect((await refillFrom(t, '198.51.100.9')).statusCode).not.toBe(429);
      // A visitor connecting directly cannot pick its address by sending the header.
      expect((await refillFrom(t, '192.0.2.1', '192.0.2.50')).statusCode).not.toBe(429);
    } finally {
      await t.close();
    }
  }, 60_000);

  it('count the connection itself when no proxy is trusted', async () => {
    const t = await createTestApp({ env: { RATE_LIMIT_ENABLED: 'true' } });
    try {
      expect(await limitedAfter30(t, '203.0.113.7')).toBe(true);
      expect((await refillFrom(t, '198.51.100.9')).statusCode).toBe(429);
    } finally {
      await t.close();
    }
  }, 60_000);
});
