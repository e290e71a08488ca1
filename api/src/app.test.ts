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
    const allowed = await t.app.inject({
      method: 'OPTIONS',
      url: '/api/health',
      headers: { origin: 'http://127.0.0.1:3000', 'access-control-request-method': 'GET' },
    });
    expect(allowed.headers['access-control-allow-origin']).toBe('http://127.0.0.1:3000');
    expect(allowed.headers['access-control-allow-credentials']).toBe('true');
    const refused = await t.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { origin: 'https://evil.example' },
    });
    expect(refused.headers['access-control-allow-origin']).toBeUndefined();
  });
});
