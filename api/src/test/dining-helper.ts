import type { FastifyInstance } from 'fastify';
import type { TestApp } from './create-test-app';

// The seed has 10 tables: each new session takes the next one, closing what an
// earlier test of the file left open there.
let opened = 0;

/** Opens a dining session on the seed's next table (with `durationSec`, for that long); answers the session. */
export async function openNextTable(t: TestApp, staffAuth: Record<string, string>, durationSec?: number) {
  const table_number = (opened++ % 10) + 1;
  await t.db.query(
    `UPDATE dining_sessions SET closed_at = now()
      WHERE closed_at IS NULL AND table_id = (SELECT id FROM restaurant_tables WHERE table_number = $1)`,
    [table_number],
  );
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/staff/dining-sessions',
    headers: staffAuth,
    payload: { table_number, ...(durationSec ? { duration_sec: durationSec } : {}) },
  });
  expect(response.statusCode).toBe(201);
  return response.json().data as { id: number; table_id: number; table_number: number; table_code: string };
}

/** Moves a session's end into the past: its time is up. */
export const expireSession = (t: TestApp, id: number) =>
  t.db.query(`UPDATE dining_sessions SET started_at = now() - interval '2 hours', ends_at = now() - interval '1 second' WHERE id = $1`, [id]);

/** A diner at `table_code` asks for a refill (two items); answers its id. */
export const requestRefill = async (app: FastifyInstance, table_code: string) =>
  (await app.inject({ method: 'POST', url: '/api/refill-requests', payload: { table_code, request_type: 'Kimchi (1), Pork (2)' } })).json().id as number;

/** Staff move a refill request to `status`. */
export const setRefillStatus = (t: TestApp, staffAuth: Record<string, string>, id: number, status: string) =>
  t.app.inject({ method: 'PATCH', url: `/api/refill-requests/${id}/status`, headers: staffAuth, payload: { status } });
