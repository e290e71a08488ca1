import type { WaitlistOffer } from '@samgyup/shared/validation';
import { queryOne, type Queryable } from '../db/database';

export type WaitlistStatus = WaitlistOffer['status'];

export interface NewWaitlistEntry {
  customer_id: number;
  reservation_date: string;
  reservation_time: string;
  party_size: number;
  customer_name: string;
  email: string;
  phone: string;
}

/** A party on the waitlist: what it gave on joining, and where its wait stands. */
export interface WaitlistEntry extends NewWaitlistEntry {
  id: number;
  status: WaitlistStatus;
  offered_table_id: number | null;
  offered_table_number: number | null;
  offered_combination_id: number | null;
  /** Every table of the offer, in order (empty while nothing is offered). */
  offered_table_numbers: number[];
  offer_expires_at: string | null;
  reservation_id: number | null;
  created_at: string;
}

const SELECT = `
  SELECT w.id, w.customer_id, to_char(w.reservation_date, 'YYYY-MM-DD') AS reservation_date, w.reservation_time, w.party_size,
         w.customer_name, w.email, w.phone, w.status, w.offered_table_id, t.table_number AS offered_table_number,
         w.offered_combination_id,
         CASE WHEN w.offered_table_id IS NULL THEN ARRAY[]::int[]
              WHEN w.offered_combination_id IS NULL THEN ARRAY[t.table_number]
              ELSE (SELECT array_agg(ct.table_number ORDER BY ct.table_number) FROM table_combination_members cm
                      JOIN restaurant_tables ct ON ct.id = cm.table_id WHERE cm.combination_id = w.offered_combination_id) END AS offered_table_numbers,
         w.offer_expires_at, w.reservation_id, w.created_at
    FROM waitlist_entries w LEFT JOIN restaurant_tables t ON t.id = w.offered_table_id`;

const iso = (value: unknown) => (value === null || value === undefined ? null : new Date(value as string).toISOString());
const toEntry = (row: Record<string, unknown>): WaitlistEntry => ({
  ...(row as unknown as WaitlistEntry),
  offer_expires_at: iso(row.offer_expires_at),
  offered_table_numbers: (row.offered_table_numbers as unknown[]).map(Number),
  created_at: iso(row.created_at)!,
});

/** Adds a party to the waitlist; null when this customer already waits for that date and slot. */
export async function insertWaitlistEntry(db: Queryable, entry: NewWaitlistEntry): Promise<number | null> {
  const row = await queryOne<{ id: number }>(
    db,
    `INSERT INTO waitlist_entries (customer_id, reservation_date, reservation_time, party_size, customer_name, email, phone)
     VALUES ($1, $2::date, $3, $4, $5, $6, $7)
     ON CONFLICT (customer_id, reservation_date, reservation_time) WHERE status IN ('waiting', 'offered') DO NOTHING
     RETURNING id`,
    [entry.customer_id, entry.reservation_date, entry.reservation_time, entry.party_size, entry.customer_name, entry.email, entry.phone],
  );
  return row?.id ?? null;
}

export async function findWaitlistEntry(db: Queryable, id: number, lock = false): Promise<WaitlistEntry | null> {
  if (lock) await db.query('SELECT id FROM waitlist_entries WHERE id = $1 FOR UPDATE', [id]);
  const row = await queryOne<Record<string, unknown>>(db, `${SELECT} WHERE w.id = $1`, [id]);
  return row ? toEntry(row) : null;
}

/** A customer's entries still waiting or offered, soonest date first. */
export async function listCustomerWaitlist(db: Queryable, customerId: number): Promise<WaitlistEntry[]> {
  const rows = await db.query<Record<string, unknown>>(
    `${SELECT} WHERE w.customer_id = $1 AND w.status IN ('waiting', 'offered') ORDER BY w.reservation_date, w.reservation_time`,
    [customerId],
  );
  return rows.map(toEntry);
}

/** Parties still waiting for the date and slot, first come first. */
export async function listWaitingParties(db: Queryable, date: string, time: string): Promise<WaitlistEntry[]> {
  const rows = await db.query<Record<string, unknown>>(
    `${SELECT} WHERE w.reservation_date = $1::date AND w.reservation_time = $2 AND w.status = 'waiting' ORDER BY w.created_at, w.id`,
    [date, time],
  );
  return rows.map(toEntry);
}

/** Date-slots from `today` on with parties waiting. */
export function listSlotsWithWaitingParties(db: Queryable, today: string): Promise<{ date: string; time: string }[]> {
  return db.query(
    `SELECT DISTINCT to_char(reservation_date, 'YYYY-MM-DD') AS date, reservation_time AS time
       FROM waitlist_entries WHERE status = 'waiting' AND reservation_date >= $1::date ORDER BY 1, 2`,
    [today],
  );
}

/**
 * Offers a table, or joined tables (`combinationId`, `tableId` its first), to a waiting party until
 * `minutes` from now: when the offer ends, or null when the entry stopped waiting.
 */
export async function offerTable(db: Queryable, id: number, offer: { tableId: number; combinationId: number | null }, minutes: number): Promise<Date | null> {
  const rows = await db.query<{ expires: string | Date }>(
    `UPDATE waitlist_entries
        SET status = 'offered', offered_table_id = $2, offered_combination_id = $4, offer_expires_at = now() + make_interval(mins => $3::int)
      WHERE id = $1 AND status = 'waiting' RETURNING offer_expires_at AS expires`,
    [id, offer.tableId, minutes, offer.combinationId],
  );
  return rows[0] ? new Date(rows[0].expires) : null;
}

/** Offers that ran out: lapsed, their tables free for the next party. Answers their date-slots. */
export function lapseExpiredOffers(db: Queryable): Promise<{ date: string; time: string }[]> {
  return db.query(
    `UPDATE waitlist_entries SET status = 'lapsed'
      WHERE status = 'offered' AND offer_expires_at <= now()
      RETURNING to_char(reservation_date, 'YYYY-MM-DD') AS date, reservation_time AS time`,
  );
}

/** The offer is being claimed: its tables leave the offer's holds, for the booking made next in the same transaction to take. */
export async function markClaimed(db: Queryable, id: number): Promise<void> {
  await db.query(`UPDATE waitlist_entries SET status = 'claimed' WHERE id = $1`, [id]);
}

/** The booking a claimed offer became. */
export async function linkClaimedReservation(db: Queryable, id: number, reservationId: number): Promise<void> {
  await db.query(`UPDATE waitlist_entries SET reservation_id = $2 WHERE id = $1`, [id, reservationId]);
}

/** The customer leaves the waitlist; false when the entry was not theirs or not waiting. */
export async function leaveWaitlist(db: Queryable, id: number, customerId: number): Promise<boolean> {
  const rows = await db.query(`UPDATE waitlist_entries SET status = 'left' WHERE id = $1 AND customer_id = $2 AND status IN ('waiting', 'offered') RETURNING id`, [id, customerId]);
  return rows.length === 1;
}

/** A customer's entries still waiting or offered. */
export async function countActiveWaitlistEntries(db: Queryable, customerId: number): Promise<number> {
  const row = await queryOne<{ count: number }>(db, `SELECT count(*)::int AS count FROM waitlist_entries WHERE customer_id = $1 AND status IN ('waiting', 'offered')`, [
    customerId,
  ]);
  return row?.count ?? 0;
}
