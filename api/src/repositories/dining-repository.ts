import { publishLiveEvents, refillStatusEvents, streamsEnd, type NewLiveEvent } from './live-events-repository';
import { randomInt } from 'node:crypto';
import { isUniqueViolation, queryOne, type Queryable } from '../db/database';
import { reservationTableNumbers } from './reservations-repository';

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
  /** Every table the party sits at: a group seated on joined tables occupies each of them. */
  table_numbers: number[];
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

const SESSION_COLUMNS = `s.id, s.table_id, t.table_number, ${reservationTableNumbers('res', 't')} AS table_numbers, s.table_code, s.duration_sec,
  s.started_at, s.ends_at, s.closed_at, s.reservation_id,
  GREATEST(0, CEIL(EXTRACT(EPOCH FROM (s.ends_at - now()))))::int AS remaining_sec`;
const SESSIONS = `dining_sessions s JOIN restaurant_tables t ON t.id = s.table_id LEFT JOIN reservations res ON res.id = s.reservation_id`;

function toSession(row: Record<string, unknown> | null): DiningSession | null {
  if (!row) return null;
  const iso = (value: unknown) => (value === null ? null : new Date(value as string).toISOString());
  return {
    ...(row as unknown as DiningSession),
    table_numbers: (row.table_numbers as unknown[]).map(Number),
    started_at: iso(row.started_at)!,
    ends_at: iso(row.ends_at)!,
    closed_at: iso(row.closed_at),
  };
}

/** The one session (with its table) that `condition` on `s` picks, by its one parameter. */
async function findSessionWhere(db: Queryable, condition: 's.table_code = $1' | 's.id = $1', value: string | number): Promise<DiningSession | null> {
  return toSession(await queryOne(db, `SELECT ${SESSION_COLUMNS} FROM ${SESSIONS} WHERE ${condition}`, [value]));
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
  const rows = await db.query(`SELECT ${SESSION_COLUMNS} FROM ${SESSIONS} WHERE s.closed_at IS NULL ORDER BY t.table_number`);
  return rows.map((row) => toSession(row)!);
}

export function isUsable(session: DiningSession): boolean {
  return session.closed_at === null && session.remaining_sec > 0;
}

/** A table the session would occupy has an open session; `tableNumber` names it when known. */
export class TableBusyError extends Error {
  constructor(readonly tableNumber: number | null) {
    super('The table already has a dining session');
  }
}
export class ReservationSeatedError extends Error {}

/** SQL: the tables a session opened on table $1 for reservation $2 (or null) occupies: that table, and every table a group's booking holds. */
const TABLES_TO_SEAT = `SELECT $1::int AS table_id
  UNION SELECT m.table_id FROM reservations r JOIN table_combination_members m ON m.combination_id = r.combination_id WHERE r.id = $2::int`;

/**
 * Opens a session on a table with a fresh code; a group's booking on joined
 * tables occupies each of them (seated_tables, one open session per table). A
 * session whose time is up on any of them is closed first; one still in use is
 * refused (TableBusyError, naming the table).
 */
export async function openSession(db: Queryable, input: { tableId: number; durationSec: number; openedBy: string; reservationId?: number }): Promise<DiningSession> {
  const tables = [input.tableId, input.reservationId ?? null];
  const finished = await db.query<{ id: number }>(
    `UPDATE dining_sessions SET closed_at = now()
      WHERE closed_at IS NULL AND ends_at <= now() AND id IN (SELECT st.session_id FROM seated_tables st WHERE st.table_id IN (${TABLES_TO_SEAT}))
      RETURNING id`,
    tables,
  );
  const cancelled: NewLiveEvent[] = [];
  for (const { id } of finished) cancelled.push(...(await cancelWaitingRefills(db, id, input.openedBy)), streamsEnd(`table:${id}`));
  if (input.reservationId !== undefined && (await queryOne(db, 'SELECT 1 FROM dining_sessions WHERE reservation_id = $1', [input.reservationId]))) {
    throw new ReservationSeatedError();
  }
  const busy = await queryOne<{ table_number: number }>(
    db,
    `SELECT t.table_number FROM seated_tables st JOIN restaurant_tables t ON t.id = st.table_id WHERE st.table_id IN (${TABLES_TO_SEAT}) ORDER BY t.table_number LIMIT 1`,
    tables,
  );
  if (busy) throw new TableBusyError(busy.table_number);
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
      // Another party was seated on one of the tables meanwhile.
      if (isUniqueViolation(error, 'dining_sessions_one_open_per_table') || isUniqueViolation(error, 'seated_tables_one_open_session_per_table')) throw new TableBusyError(null);
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
