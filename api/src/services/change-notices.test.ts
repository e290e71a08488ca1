import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import { createTestApp, type TestApp } from '../test/create-test-app';
import { quickStaff } from '../test/customer-helper';

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

/** What `app` answers, asked again for up to a second (a notice from a server travels on its own connection). */
async function eventually<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  const started = Date.now();
  let value = await read();
  while (!done(value) && Date.now() - started < 1000) {
    await new Promise((resolve) => setTimeout(resolve, 20));
    value = await read();
  }
  return value;
}

it('drops a hidden review and a sold-out item on the other replica at once', async () => {
  const staff = (await quickStaff(t.app)).auth;
  const reviews = async () => (await neighbour.inject({ method: 'GET', url: '/api/feedback/public' })).json().data.map((row: { id: number }) => row.id);
  const menu = async () => (await neighbour.inject({ method: 'GET', url: '/api/inventory/menu/unlimited' })).json().data.map((row: { id: number }) => row.id);
  const [reviewId] = await reviews();
  const [itemId] = await menu();

  expect((await t.app.inject({ method: 'PATCH', url: `/api/staff/feedback/${reviewId}`, headers: staff, payload: { is_published: false } })).statusCode).toBe(200);
  expect((await t.app.inject({ method: 'PATCH', url: `/api/staff/menu-items/${itemId}`, headers: staff, payload: { is_available: false } })).statusCode).toBe(200);

  expect(await eventually(reviews, (ids) => !ids.includes(reviewId))).not.toContain(reviewId);
  expect(await eventually(menu, (ids) => !ids.includes(itemId))).not.toContain(itemId);
});
