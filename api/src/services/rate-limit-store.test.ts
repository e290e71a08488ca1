import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import { createTestApp, type TestApp } from '../test/create-test-app';

// Two replicas of the API on one database: a limit of 30 a minute per address
// is 30 for both together, not 30 each.
let t: TestApp;
let neighbour: FastifyInstance;
beforeAll(async () => {
  t = await createTestApp();
  neighbour = await buildApp({ config: t.config, db: t.db });
  await neighbour.ready();
});
afterAll(async () => {
  await neighbour.close();
  await t.close();
});

const validate = (app: FastifyInstance, remoteAddress = '203.0.113.7') =>
  app.inject({ method: 'POST', url: '/api/refill-requests/validate-table', payload: { table_code: 'NOSUCH' }, remoteAddress });

it('counts one address across replicas', async () => {
  for (let request = 0; request < 20; request += 1) expect((await validate(t.app)).statusCode).toBe(404);
  for (let request = 0; request < 10; request += 1) expect((await validate(neighbour)).statusCode).toBe(404);
  const over = await validate(neighbour);
  expect(over.statusCode).toBe(429);
  expect((await validate(t.app)).statusCode).toBe(429);
  // Another address, and another route, count apart.
  expect((await validate(neighbour, '198.51.100.4')).statusCode).toBe(404);
  expect((await t.app.inject({ method: 'GET', url: '/api/tables/NOSUCH/timer', remoteAddress: '203.0.113.7' })).statusCode).toBe(404);
});
