import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import { createTestApp, type TestApp } from '../test/create-test-app';
import { quickStaff } from '../test/customer-helper';
import { waitUntil } from '../test/wait-until';

// Two replicas on one database: a change made through one is served by the
// other at once, not after its cache's few seconds.
let t: TestApp;
let neighbour: FastifyInstance;
beforeAll(async () => {
  t = await createTestApp({ seed: true, env: { RATE_LIMIT_ENABLED: 'false' } });
  neighbour = await buildApp({ config: t.config, db: t.db });
  await neighbour.ready();
});
afterAll(async () => {
  await neighbour.close();
  await t.close();
});

it('drops a hidden review and a sold-out item on the other replica at once', async () => {
  const staff = (await quickStaff(t.app)).auth;
  const reviews = async () => ((await neighbour.inject({ method: 'GET', url: '/api/feedback/public' })).json().data as { id: number }[]).map((row) => row.id);
  const menu = async () => ((await neighbour.inject({ method: 'GET', url: '/api/inventory/menu/unlimited' })).json().data as { id: number }[]).map((row) => row.id);
  const [reviewId] = await reviews();
  const [itemId] = await menu();

  expect((await t.app.inject({ method: 'PATCH', url: `/api/staff/feedback/${reviewId}`, headers: staff, payload: { is_published: false } })).statusCode).toBe(200);
  expect((await t.app.inject({ method: 'PATCH', url: `/api/staff/menu-items/${itemId}`, headers: staff, payload: { is_available: false } })).statusCode).toBe(200);

  // Within a second: a notice from the other server travels on its own connection; its cache would take a few.
  const atOnce = { timeoutMs: 1000, intervalMs: 20 };
  expect(await waitUntil(reviews, { ...atOnce, done: (ids) => !ids.includes(reviewId), what: 'the hidden review gone on the other replica' })).not.toContain(reviewId);
  expect(await waitUntil(menu, { ...atOnce, done: (ids) => !ids.includes(itemId), what: 'the sold-out item gone on the other replica' })).not.toContain(itemId);
});
