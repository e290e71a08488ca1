import { publishLiveEvents, refillStatusEvents, streamsEnd, type NewLiveEvent } from './live-events-repository';
import { randomInt } from 'node:crypto';
import { isUniqueViolation, queryOne, type Queryable } from '../db/database';

/** Letters and digits that cannot be mistaken for each other on a small screen. */
const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
export const TABLE_CODE_LENGTH = 6;

export function newTableCode(): string {
  return Array.from({ length: TABLE_CODE_LENGTH }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]).join('');
}

export interface DiningSession {
  id: number;
  table_id: number;
  table_number: number;
  table_code: string;
  duration_sec: number;
  started_at: string;
  ends_at: string;
  closed_at: string | null;
  /** The reservation this party was seated for; null for a walk-in. */
  reservation_id: number | null;
  /** Seconds left by the database clock; 0 once time is up. */
  remaining_sec: number;
}

const SESSION_COLUMNS = `s.id, s.table_id, t.table_number, s.table_code, s.duration_sec,
  s.started_at, s.ends_at, s.closed_at, s.reservation_id,
  GREATEST(0, CEIL(EXTRACT(EPOCH FROM (s.ends_at - now()))))::int AS remaining_sec`;

function toSession(row: Record<string, unknown> | null): DiningSession | null {
  if (!row) return null;
  const iso = (value: unknown) => (value === null ? null : new Date(value as string).toISOString());
  return {
    ...(row as unknown as DiningSession),
    started_at: iso(row.started_at)!,
    ends_at: iso(row.ends_at)!,
    closed_at: iso(row.closed_at),
  };
}

/** The one session (with its table) that `condition` on `s` picks, by its one parameter. */
async function findSessionWhere(db: Queryable, condition: 's.table_code = $1' | 's.id = $1', value: string | number): Promise<DiningSession | null> {
  return toSession(await queryOne(db, `SELECT ${SESSION_COLUMNS} FROM dining_sessions s JOIN restaurant_tables t ON t.id = s.table_id WHERE ${condition}`, [value]));
}

/** The session a code belongs to, open or not. */
export function findSessionByCode(db: Queryable, tableCode: string): Promise<DiningSession | null> {
  return findSessionWhere(db, 's.table_code = $1', tableCode);
}

/** Holds the session's row until the transaction ends, so one table's requests are counted one at a time. */
export async function lockSession(tx: Queryable, id: number): Promise<void> {
  await tx.query('SELECT id FROM dining_sessions WHERE id = $1 FOR UPDATE', [id]);
}

export function findSessionById(db: Queryable, id: number): Promise<DiningSession | null> {
  return findSessionWhere(db, 's.id = $1', id);
}

/** Open sessions (time left or not), for the staff console. */
export async function listOpenSessions(db: Queryable): Promise<DiningSession[]> {
  const rows = await db.query(
    `SELECT ${SESSION_COLUMNS} FROM dining_sessions s JOIN restaurant_tables t ON t.id = s.table_id
      WHERE s.closed_at IS NULL ORDER BY t.table_number`,
  );
  return rows.map((row) => toSession(row)!);
}

export function isUsable(session: DiningSession): boolean {
  return session.closed_at === null && session.remaining_sec > 0;
}

export class TableBusyError extends Error {}
export class ReservationSeatedError extends Error {}

/**
 * Opens a session on a table with a fresh code. A table whose time is up is
 * closed first; one still in use is refused (TableBusyError).
 */
export async function openSession(db: Queryable, input: { tableId: number; durationSec: number; openedBy: string; reservationId?: number }): Promise<DiningSession> {
  const finished = await db.query<{ id: number }>(`UPDATE dining_sessions SET closed_at = now() WHERE table_id = $1 AND closed_at IS NULL AND ends_at <= now() RETURNING id`, [
    input.tableId,
  ]);
  const cancelled: NewLiveEvent[] = [];
  for (const { id } of finished) cancelled.push(...(await cancelWaitingRefills(db, id, input.openedBy)), streamsEnd(`table:${id}`));
  if (input.reservationId !== undefined && (await queryOne(db, 'SELECT 1 FROM dining_sessions WHERE reservation_id = $1', [input.reservationId]))) {
    throw new ReservationSeatedError();
  }
  for (let attempt = 0; attempt < 5; attempt += 1) {
    try {
      const [row] = await db.query<{ id: number }>(
        `INSERT INTO dining_sessions (table_id, table_code, duration_sec, ends_at, opened_by, reservation_id)
         VALUES ($1, $2, $3::int, now() + make_interval(secs => $3::int), $4, $5) RETURNING id`,
        [input.tableId, newTableCode(), input.durationSec, input.openedBy, input.reservationId ?? null],
      );
      await publishLiveEvents(db, cancelled);
      return (await findSessionById(db, row.id))!;
    } catch (error) {
      if (isUniqueViolation(error, 'dining_sessions_one_open_per_table')) throw new TableBusyError();
      if (isUniqueViolation(error, 'dining_sessions_one_per_reservation')) throw new ReservationSeatedError();
      if (isUniqueViolation(error, 'dining_sessions_table_code_key')) continue;
      throw error;
    }
  }
  throw new Error('Could not find an unused table code');
}

/** The party has left: its refill requests still waiting leave the staff queue, cancelled, and its phones' streams end. Run in a transaction. */
export async function closeSession(db: Queryable, id: number, closedBy: string): Promise<DiningSession | null> {
  const closed = await db.query('UPDATE dining_sessions SET closed_at = now() WHERE id = $1 AND closed_at IS NULL RETURNING id', [id]);
  const session = await findSessionById(db, id);
  if (closed.length > 0) await publishLiveEvents(db, [...(await cancelWaitingRefills(db, id, closedBy)), streamsEnd(`table:${id}`)]);
  return session;
}

/** Cancels a finished session's waiting refill requests; answers the live events that say so, for the caller to publish last. */
async function cancelWaitingRefills(db: Queryable, sessionId: number, by: string): Promise<NewLiveEvent[]> {
  const cancelled = await db.query<{ id: number }>(
    `WITH cancelled AS (
       UPDATE refill_requests SET status = 'cancelled', updated_at = now()
        WHERE session_id = $1 AND status IN ('pending', 'in_progress') RETURNING id),
     recorded AS (
       INSERT INTO refill_request_events (refill_request_id, status, changed_by)
       SELECT id, 'cancelled', $2 FROM cancelled)
     SELECT id FROM cancelled`,
    [sessionId, `staff ${by} (table closed)`],
  );
  return cancelled.flatMap(({ id }) => refillStatusEvents({ id, session_id: sessionId, status: 'cancelled' }));
}

/** More time for a seated party: from the later of now and the current end (a finished timer restarts from now). */
export async function extendSession(db: Queryable, id: number, minutes: number): Promise<DiningSession | null> {
  await db.query(
    `UPDATE dining_sessions
        SET ends_at = GREATEST(ends_at, now()) + make_interval(mins => $2),
            duration_sec = LEAST(21600, duration_sec + $2 * 60)
      WHERE id = $1 AND closed_at IS NULL`,
    [id, minutes],
  );
  return findSessionById(db, id);
}
