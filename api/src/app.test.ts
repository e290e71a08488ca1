import { Writable } from 'node:stream';
import { createTestApp, type TestApp } from './test/create-test-app';

describe('the API app', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      beforeReady: (app) => {
        app.get('/api/test/explode', async () => {
          throw new Error('connection string postgres://secret@db leaked');
        });
      },
    });
  });
  afterAll(() => t.close());

  it('answers /api/health after pinging the database', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, data: { status: 'ok', database: 'ok' } });
  });

  it('answers unknown routes with the one error shape', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/nothing-here' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ success: false, message: 'Not found' });
  });

  it('hides the details of a server error', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/test/explode' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ success: false, message: 'Something went wrong on our side. Please try again later.' });
    expect(response.body).not.toContain('postgres://');
  });

  it('refuses broken JSON with a 400 in the same shape', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/health',
      headers: { 'content-type': 'application/json' },
      payload: '{"broken":',
    });
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.statusCode).toBeLessThan(500);
    expect(response.json().success).toBe(false);
  });

  it('sends security headers on every response', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBe('no-referrer');
  });

  it("allows the site's own origin and no other", async () => {
    const site = 'http://127.0.0.1:3000';
    const preflight = await t.app.inject({
      method: 'OPTIONS',
      url: '/api/reservations',
      headers: { origin: site, 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization,content-type' },
    });
    expect(preflight.statusCode).toBe(204);
    expect(preflight.headers).toMatchObject({
      'access-control-allow-origin': site,
      'access-control-allow-credentials': 'true',
      'access-control-allow-methods': 'GET, POST, PATCH, PUT, DELETE',
      'access-control-allow-headers': 'Authorization, Content-Type, Idempotency-Key, Accept',
      'access-control-max-age': '600',
      vary: 'Origin',
    });
    const read = await t.app.inject({ method: 'GET', url: '/api/health', headers: { origin: site } });
    expect(read.headers['access-control-allow-origin']).toBe(site);
    expect(read.headers['access-control-allow-credentials']).toBe('true');

    const refused = await t.app.inject({ method: 'GET', url: '/api/health', headers: { origin: 'https://evil.example' } });
    expect(refused.statusCode).toBe(200);
    expect(refused.headers['access-control-allow-origin']).toBeUndefined();
    expect(refused.headers['access-control-allow-credentials']).toBeUndefined();
    expect(refused.headers.vary).toBe('Origin');
    const refusedPreflight = await t.app.inject({
      method: 'OPTIONS',
      url: '/api/reservations',
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST' },
    });
    expect(refusedPreflight.statusCode).toBe(404);
    expect(refusedPreflight.headers['access-control-allow-origin']).toBeUndefined();
    expect(refusedPreflight.headers['access-control-allow-methods']).toBeUndefined();
  });

  it('sends no CORS grants to a request without an Origin, and answers OPTIONS that is not a preflight as an unknown address', async () => {
    const read = await t.app.inject({ method: 'GET', url: '/api/inventory/menu/unlimited' });
    expect(read.statusCode).toBe(200);
    expect(read.headers.vary).toBe('Origin');
    expect(read.headers['access-control-allow-origin']).toBeUndefined();
    expect(read.headers['access-control-allow-credentials']).toBeUndefined();
    const options = await t.app.inject({ method: 'OPTIONS', url: '/api/reservations', headers: { origin: 'http://127.0.0.1:3000' } });
    expect(options.statusCode).toBe(404);
    expect(options.json()).toEqual({ success: false, message: 'Not found' });
    expect(options.headers['content-security-policy']).toContain("frame-ancestors 'none'");
  });
});

describe('the API log', () => {
  it('writes a server error once, with its request id and the details the client never sees', async () => {
    const lines: Record<string, unknown>[] = [];
    const stream = new Writable({
      write(chunk, _encoding, callback) {
        lines.push(JSON.parse(String(chunk)));
        callback();
      },
    });
    const t = await createTestApp({
      logger: { level: 'info', stream },
      beforeReady: (app) => {
        app.get('/api/test/explode', async () => {
          throw new Error('connection string postgres://secret@db leaked');
        });
      },
    });
    try {
      await t.app.inject({ method: 'GET', url: '/api/inventory/menu/unlimited' });
      const response = await t.app.inject({ method: 'GET', url: '/api/test/explode' });
      expect(response.body).not.toContain('postgres://');
      // Only the failure is logged, not every request.
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatchObject({
        level: 50,
        msg: 'request failed',
        reqId: expect.stringMatching(/^req-/),
        err: { message: 'connection string postgres://secret@db leaked' },
      });
    } finally {
      await t.close();
    }
  });
});

describe('a database out of reach', () => {
  it('answers 503 with the error shape and a Retry-After, whichever way the driver says it', async () => {
    const failures = [
      Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' }),
      Object.assign(new Error('the database system is shutting down'), { code: '57P03' }),
      Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }),
      new Error('Connection terminated unexpectedly'),
    ];
    let next = 0;
    const t = await createTestApp({
      beforeReady: (app) => {
        app.get('/api/test/unreachable', async () => {
          throw failures[next++];
        });
      },
    });
    try {
      for (const _failure of failures) {
        const response = await t.app.inject({ method: 'GET', url: '/api/test/unreachable' });
        expect(response.statusCode).toBe(503);
        expect(response.headers['retry-after']).toBe('5');
        expect(response.json()).toEqual({ success: false, message: 'We are briefly unavailable. Please try again in a moment.' });
      }
    } finally {
      await t.close();
    }
  });
});
