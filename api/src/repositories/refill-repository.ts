import type { RefillRequestStatus, TableRefillRequest } from '@samgyup/shared/validation';
import { queryOne, type Queryable } from '../db/database';
import { reservationTableNumbers } from './reservations-repository';

// Every status is one the remotes' shared type knows.
export const REFILL_STATUSES = ['pending', 'in_progress', 'completed', 'cancelled'] as const satisfies readonly RefillRequestStatus[];
export type RefillStatus = (typeof REFILL_STATUSES)[number];

export interface RefillRequest {
  id: number;
  session_id: number;
  customer_id: number | null;
  request_type: string;
  notes: string;
  items: { name: string; quantity: number }[];
  status: RefillStatus;
  created_at: string;
  updated_at: string;
}

const iso = (value: unknown) => new Date(value as string).toISOString();

function toRequest(row: Record<string, unknown> | null): RefillRequest | null {
  if (!row) return null;
  return { ...(row as unknown as RefillRequest), created_at: iso(row.created_at), updated_at: iso(row.updated_at) };
}

export async function insertRefillRequest(
  db: Queryable,
  input: Pick<RefillRequest, 'session_id' | 'customer_id' | 'request_type' | 'notes' | 'items'> & { idempotency_key?: string },
  changedBy: string,
): Promise<RefillRequest> {
  const row = await queryOne<Record<string, unknown>>(
    db,
    `INSERT INTO refill_requests (session_id, customer_id, request_type, notes, items, idempotency_key)
     VALUES ($1, $2, $3, $4, $5::jsonb, $6) RETURNING *`,
    [input.session_id, input.customer_id, input.request_type, input.notes, JSON.stringify(input.items), input.idempotency_key ?? null],
  );
  const request = toRequest(row)!;
  await db.query('INSERT INTO refill_request_events (refill_request_id, status, changed_by) VALUES ($1, $2, $3)', [request.id, request.status, changedBy]);
  return request;
}

/** The request a table already sent under this key (a retry of it). */
export async function findRefillRequestByKey(db: Queryable, sessionId: number, key: string): Promise<RefillRequest | null> {
  return toRequest(await queryOne(db, 'SELECT * FROM refill_requests WHERE session_id = $1 AND idempotency_key = $2', [sessionId, key]));
}

/** Requests of the session not served or cancelled yet. */
export async function countWaitingRefillRequests(db: Queryable, sessionId: number): Promise<number> {
  const [{ waiting }] = await db.query<{ waiting: number }>(`SELECT count(*)::int AS waiting FROM refill_requests WHERE session_id = $1 AND status IN ('pending', 'in_progress')`, [
    sessionId,
  ]);
  return waiting;
}

/** Holds the request's row until the transaction ends, so two status changes never interleave. */
export async function lockRefillRequest(tx: Queryable, id: number): Promise<void> {
  await tx.query('SELECT id FROM refill_requests WHERE id = $1 FOR UPDATE', [id]);
}

export async function findRefillRequest(db: Queryable, id: number): Promise<RefillRequest | null> {
  return toRequest(await queryOne(db, 'SELECT * FROM refill_requests WHERE id = $1', [id]));
}

export async function setRefillStatus(db: Queryable, id: number, status: RefillStatus, changedBy: string): Promise<RefillRequest> {
  const row = await queryOne<Record<string, unknown>>(db, 'UPDATE refill_requests SET status = $2, updated_at = now() WHERE id = $1 RETURNING *', [id, status]);
  await db.query('INSERT INTO refill_request_events (refill_request_id, status, changed_by) VALUES ($1, $2, $3)', [id, status, changedBy]);
  return toRequest(row)!;
}

export async function refillHistory(db: Queryable, id: number): Promise<{ status: RefillStatus; changed_by: string; created_at: string }[]> {
  const rows = await db.query<{ status: RefillStatus; changed_by: string; created_at: Date }>(
    'SELECT status, changed_by, created_at FROM refill_request_events WHERE refill_request_id = $1 ORDER BY id',
    [id],
  );
  return rows.map((row) => ({ ...row, created_at: iso(row.created_at) }));
}

export interface QueuedRefillRequest extends RefillRequest {
  table_number: number;
  /** Every table of the party: a group seated on joined tables orders with one code. */
  table_numbers: number[];
  table_code: string;
  age_sec: number;
}

/** The staff queue: requests still waiting (pending or in progress), oldest first, with their table. */
export async function listOpenRefillRequests(db: Queryable): Promise<QueuedRefillRequest[]> {
  const rows = await db.query<Record<string, unknown>>(
    `SELECT r.*, t.table_number, s.table_code,
            ${reservationTableNumbers('res', 't')} AS table_numbers,
            GREATEST(0, floor(extract(epoch FROM now() - r.created_at)))::int AS age_sec
       FROM refill_requests r
       JOIN dining_sessions s ON s.id = r.session_id
       JOIN restaurant_tables t ON t.id = s.table_id
       LEFT JOIN reservations res ON res.id = s.reservation_id
      WHERE r.status IN ('pending', 'in_progress')
      ORDER BY r.created_at, r.id`,
  );
  return rows.map((row) => ({
    ...toRequest(row)!,
    table_number: Number(row.table_number),
    table_numbers: (row.table_numbers as unknown[]).map(Number),
    table_code: String(row.table_code),
    age_sec: Number(row.age_sec),
  }));
}

/** What a table's phones see of its requests: the newest 20 and their status. */
export async function listTableRefillRequests(db: Queryable, sessionId: number): Promise<TableRefillRequest[]> {
  const rows = await db.query<{ id: number; status: RefillStatus; request_type: string; created_at: Date }>(
    'SELECT id, status, request_type, created_at FROM refill_requests WHERE session_id = $1 ORDER BY id DESC LIMIT 20',
    [sessionId],
  );
  return rows.map((row) => ({ ...row, created_at: iso(row.created_at) }));
}
