import type { ReservationPaymentStatus, ReservationRecord, ReservationStatus, StaffReservationRecord } from '@samgyup/shared/reservation';
import { queryOne, type Database, type Queryable } from '../db/database';

export type { ReservationStatus };
export type PaymentStatus = ReservationPaymentStatus;
/**
 * The shape the pages read (shared with them), and whether the diner's own cancellation refunds
 * the down payment: the booking policy's answer when it was booked, which the pages do not need.
 */
export type Reservation = ReservationRecord & { refund_on_cancel: boolean };

export type NewReservation = Pick<
  Reservation,
  | 'customer_id'
  | 'customer_name'
  | 'email'
  | 'phone'
  | 'table_id'
  | 'combination_id'
  | 'occasion'
  | 'number_of_guests'
  | 'reservation_date'
  | 'reservation_time'
  | 'duration_hours'
  | 'payment_amount'
  | 'down_payment_due'
  | 'notes'
  | 'refund_on_cancel'
> & { idempotency_key: string | null; request_digest: string | null };

/** Reservations that hold their table: a declined or cancelled one frees it. */
export const ACTIVE_STATUSES: ReservationStatus[] = ['pending', 'confirmed'];

/** SQL: how long a booking without a proof holds its table, from the booking policy. */
const HOLD_MINUTES = '(SELECT hold_minutes FROM booking_policy WHERE id)';

/**
 * SQL: reservation `r` still holds its table-slot. One waiting longer than the
 * policy's hold for a proof does not, even before the sweep cancels it.
 */
const holdsItsSlot = () =>
  `r.status IN ('pending', 'confirmed')
   AND NOT (r.status = 'pending' AND r.payment_status = 'pending' AND r.created_at < now() - make_interval(mins => ${HOLD_MINUTES}))`;

/** SQL: the table numbers a reservation (alias `r`, joined with its first table, alias `t`) holds, in order. */
export const reservationTableNumbers = (r: string, t: string) => `CASE WHEN ${r}.combination_id IS NULL THEN ARRAY[${t}.table_number]
  ELSE (SELECT array_agg(ct.table_number ORDER BY ct.table_number) FROM table_combination_members cm
          JOIN restaurant_tables ct ON ct.id = cm.table_id WHERE cm.combination_id = ${r}.combination_id) END`;
const TABLE_NUMBERS = reservationTableNumbers('r', 't');

const SELECT = `
  SELECT r.id, r.customer_id, r.customer_name, r.email, r.phone, r.table_id, t.table_number, r.combination_id,
         ${TABLE_NUMBERS} AS table_numbers, r.occasion,
         r.number_of_guests, to_char(r.reservation_date, 'YYYY-MM-DD') AS reservation_date, r.reservation_time,
         r.duration_hours, r.payment_amount, r.down_payment_due, r.payment_status, r.status, r.notes,
         COALESCE(r.refund_on_cancel, (SELECT refund_on_cancel FROM booking_policy WHERE id)) AS refund_on_cancel,
         EXISTS (SELECT 1 FROM reservation_payment_proofs p WHERE p.reservation_id = r.id) AS has_payment_proof,
         r.decided_by, r.decided_at, r.decline_reason, r.calendar_sequence, r.created_at, r.updated_at,
         CASE WHEN r.status = 'pending' AND r.payment_status = 'pending' THEN r.created_at + make_interval(mins => ${HOLD_MINUTES}) END AS hold_expires_at
    FROM reservations r JOIN restaurant_tables t ON t.id = r.table_id`;

const iso = (value: unknown) => (value === null || value === undefined ? null : new Date(value as string).toISOString());

function toReservation(row: Record<string, unknown> | null): Reservation | null {
  if (!row) return null;
  return {
    ...(row as unknown as Reservation),
    table_number: Number(row.table_number),
    table_numbers: (row.table_numbers as unknown[]).map(Number),
    decided_at: iso(row.decided_at),
    hold_expires_at: iso(row.hold_expires_at),
    created_at: iso(row.created_at)!,
    updated_at: iso(row.updated_at)!,
  };
}

export async function findReservation(db: Queryable, id: number): Promise<Reservation | null> {
  return toReservation(await queryOne(db, `${SELECT} WHERE r.id = $1`, [id]));
}

/** The reservation an Idempotency-Key made, with the digest of the request that made it. */
export async function findReservationByKey(db: Queryable, customerId: number, key: string) {
  const made = await queryOne<{ id: number; request_digest: string | null }>(db, 'SELECT id, request_digest FROM reservations WHERE customer_id = $1 AND idempotency_key = $2', [
    customerId,
    key,
  ]);
  return made ? { reservation: (await findReservation(db, made.id))!, requestDigest: made.request_digest } : null;
}

/** Reservations of a customer still waiting for a decision and holding a table-slot. */
export async function countPendingReservations(db: Queryable, customerId: number): Promise<number> {
  const [row] = await db.query<{ count: number }>(`SELECT count(*)::int AS count FROM reservations r WHERE r.customer_id = $1 AND r.status = 'pending' AND ${holdsItsSlot()}`, [
    customerId,
  ]);
  return row.count;
}

/**
 * Cancels bookings that waited longer than the policy's hold for a proof of
 * payment, freeing their table-slots. Any replica may run it at any time.
 */
export async function expireUnpaidReservations(db: Queryable): Promise<number> {
  const rows = await db.query(
    `UPDATE reservations
        SET status = 'cancelled', decided_by = 'system', decided_at = now(), updated_at = now(),
            decline_reason = 'No proof of payment arrived within ' || ${HOLD_MINUTES} || ' minutes.'
      WHERE status = 'pending' AND payment_status = 'pending' AND created_at < now() - make_interval(mins => ${HOLD_MINUTES})
      RETURNING id`,
  );
  return rows.length;
}

/** Pieces of uploads that never became a proof (the process stopped mid-upload). */
export async function discardAbandonedUploads(db: Queryable): Promise<void> {
  await db.query(
    `DELETE FROM payment_proof_chunks c
      WHERE c.created_at < now() - interval '1 hour'
        AND NOT EXISTS (SELECT 1 FROM reservation_payment_proofs p WHERE p.upload_id = c.upload_id)`,
  );
}

export async function insertReservation(db: Queryable, input: NewReservation): Promise<number> {
  const row = await queryOne<{ id: number }>(
    db,
    `INSERT INTO reservations (customer_id, customer_name, email, phone, table_id, occasion, number_of_guests,
       reservation_date, reservation_time, duration_hours, payment_amount, down_payment_due, notes, idempotency_key, request_digest, combination_id,
       refund_on_cancel)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8::date, $9, $10, $11, $12, $13, $14, $15, $16, $17) RETURNING id`,
    [
      input.customer_id,
      input.customer_name,
      input.email,
      input.phone,
      input.table_id,
      input.occasion,
      input.number_of_guests,
      input.reservation_date,
      input.reservation_time,
      input.duration_hours,
      input.payment_amount,
      input.down_payment_due,
      input.notes,
      input.idempotency_key,
      input.request_digest,
      input.combination_id,
      input.refund_on_cancel,
    ],
  );
  return row!.id;
}

/** SQL: the table ids an open waitlist offer `w` holds (its table, or each table of its combination). */
const OFFERED_TABLES = `SELECT w.offered_table_id UNION SELECT m.table_id FROM table_combination_members m WHERE m.combination_id = w.offered_combination_id`;

/** SQL: a waitlist offer still open for table `tableId` on `date` at `time` holds that table-slot. */
export const OPEN_OFFER = (tableId: string, date: string, time: string) =>
  `EXISTS (SELECT 1 FROM waitlist_entries w
            WHERE w.reservation_date = ${date} AND w.reservation_time = ${time}
              AND w.status = 'offered' AND w.offer_expires_at > now() AND ${tableId} IN (${OFFERED_TABLES}))`;

/** Active tables with no booking and no open waitlist offer holding the date and slot. */
export function listAvailableTables(db: Queryable, date: string, time: string) {
  return db.query<{ id: number; table_number: number; capacity: number }>(
    `SELECT t.id, t.table_number, t.capacity
       FROM restaurant_tables t
      WHERE t.is_active
        AND NOT EXISTS (
          SELECT 1 FROM table_holds rt JOIN reservations r ON r.id = rt.reservation_id
           WHERE rt.table_id = t.id AND rt.reservation_date = $1::date AND rt.reservation_time = $2
             AND ${holdsItsSlot()})
        AND NOT ${OPEN_OFFER('t.id', '$1::date', '$2')}
      ORDER BY t.table_number`,
    [date, time],
  );
}

/** Every table held from `from` to `to` (inclusive), by a booking or an open waitlist offer, with its date and slot. */
export function listHeldTables(db: Queryable, from: string, to: string): Promise<{ date: string; time: string; table_id: number }[]> {
  return db.query(
    `SELECT to_char(rt.reservation_date, 'YYYY-MM-DD') AS date, rt.reservation_time AS time, rt.table_id
       FROM table_holds rt JOIN reservations r ON r.id = rt.reservation_id
      WHERE rt.reservation_date BETWEEN $1::date AND $2::date AND ${holdsItsSlot()}
     UNION
     SELECT to_char(w.reservation_date, 'YYYY-MM-DD'), w.reservation_time, offered.table_id
       FROM waitlist_entries w CROSS JOIN LATERAL (${OFFERED_TABLES.replace('SELECT w.offered_table_id', 'SELECT w.offered_table_id AS table_id')}) offered
      WHERE w.reservation_date BETWEEN $1::date AND $2::date AND w.status = 'offered' AND w.offer_expires_at > now()`,
    [from, to],
  );
}

/** Locks the table-slots of every table in `tableIds`, in id order (so two overlapping combinations never deadlock). */
export async function lockTableSlots(tx: Queryable, tableIds: number[], date: string, time: string): Promise<void> {
  for (const tableId of [...new Set(tableIds)].sort((a, b) => a - b)) await lockTableSlot(tx, tableId, date, time);
}

/**
 * Waits for, then holds until the transaction ends, the lock of one table-slot:
 * a booking, a move and a waitlist offer of the same table-slot take turns, so
 * none of them misses what another is writing.
 */
export async function lockTableSlot(tx: Queryable, tableId: number, date: string, time: string): Promise<void> {
  await tx.query(`SELECT pg_advisory_xact_lock(727002, hashtext($1))`, [`${tableId}|${date}|${time}`]);
}

/** True when an open waitlist offer holds the table-slot. */
export async function tableSlotOffered(tx: Queryable, tableId: number, date: string, time: string): Promise<boolean> {
  const [row] = await tx.query<{ offered: boolean }>(`SELECT ${OPEN_OFFER('$1', '$2::date', '$3')} AS offered`, [tableId, date, time]);
  return row.offered;
}

/** A proof is stored in pieces of this size, each written in a statement of its own. */
export const PROOF_CHUNK_BYTES = 32 * 1024;

// Bytes travel as base64 text: PGlite turns a binary parameter into SQL byte by
// byte in JavaScript (5 s for 5 MB, against 0.2 s as base64), and reads bytea
// back 20 times slower than its base64 text. A server takes either as fast.

/** One piece of an upload, before the upload is attached to a reservation. */
export async function saveProofChunk(db: Database, uploadId: string, seq: number, data: Buffer): Promise<void> {
  await db.bulk.query(`INSERT INTO payment_proof_chunks (upload_id, seq, data) VALUES ($1, $2, decode($3, 'base64'))`, [uploadId, seq, data.toString('base64')]);
}

/** Forgets the pieces of an upload that failed or was replaced. */
export async function discardUpload(db: Queryable, uploadId: string): Promise<void> {
  await db.query('DELETE FROM payment_proof_chunks WHERE upload_id = $1', [uploadId]);
}

/**
 * Makes a stored upload the reservation's proof (replacing an earlier one) and
 * moves its payment to pending_review. False when the reservation stopped
 * waiting for a payment meanwhile.
 */
export async function attachPaymentProof(
  db: Database,
  reservationId: number,
  proof: { uploadId: string; contentType: string; fileName: string; sizeBytes: number },
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const open = await tx.query(`SELECT id FROM reservations WHERE id = $1 AND status = 'pending' AND payment_status <> 'paid' FOR UPDATE`, [reservationId]);
    if (open.length === 0) return false;
    const [earlier] = await tx.query<{ upload_id: string }>('SELECT upload_id FROM reservation_payment_proofs WHERE reservation_id = $1', [reservationId]);
    await tx.query(
      `INSERT INTO reservation_payment_proofs (reservation_id, content_type, file_name, size_bytes, upload_id)
       VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (reservation_id) DO UPDATE
         SET content_type = EXCLUDED.content_type, file_name = EXCLUDED.file_name,
             size_bytes = EXCLUDED.size_bytes, upload_id = EXCLUDED.upload_id, uploaded_at = now()`,
      [reservationId, proof.contentType, proof.fileName, proof.sizeBytes, proof.uploadId],
    );
    if (earlier) await discardUpload(tx, earlier.upload_id);
    await tx.query(`UPDATE reservations SET payment_status = 'pending_review', updated_at = now() WHERE id = $1`, [reservationId]);
    return true;
  });
}

/** The proof and its bytes, read a piece per statement. */
export async function findPaymentProof(db: Database, reservationId: number) {
  const proof = await queryOne<{ content_type: string; file_name: string; upload_id: string }>(
    db,
    'SELECT content_type, file_name, upload_id FROM reservation_payment_proofs WHERE reservation_id = $1',
    [reservationId],
  );
  if (!proof) return null;
  const pieces: Buffer[] = [];
  for (let seq = 0; ; seq += 1) {
    const piece = await queryOne<{ data: string }>(db.bulk, `SELECT encode(data, 'base64') AS data FROM payment_proof_chunks WHERE upload_id = $1 AND seq = $2`, [
      proof.upload_id,
      seq,
    ]);
    if (!piece) break;
    pieces.push(Buffer.from(piece.data, 'base64'));
  }
  return { content_type: proof.content_type, file_name: proof.file_name, data: Buffer.concat(pieces) };
}

/** Every reservation of one customer, latest date first. */
export async function listCustomerReservations(db: Queryable, customerId: number): Promise<Reservation[]> {
  const rows = await db.query<Record<string, unknown>>(`${SELECT} WHERE r.customer_id = $1 ORDER BY r.reservation_date DESC, r.reservation_time DESC, r.id DESC LIMIT 200`, [
    customerId,
  ]);
  return rows.map((row) => toReservation(row)!);
}

/** What the staff list is narrowed to; null leaves a criterion out. `search` is already split by the service. */
export interface StaffListFilter {
  from: string | null;
  to: string | null;
  statuses: ReservationStatus[] | null;
  search: { pattern: string; phoneDigits: string | null; id: number | null } | null;
  limit: number;
}

/** A refund's state once one was made (payment_refunds.status). */
export type RefundState = Exclude<StaffReservationRecord['refund_status'], 'due' | null>;

/**
 * The staff list, by date and slot, then table, each with the state of its latest
 * refund (null: none was made); whether one is due is the booking rules' call.
 */
export async function listStaffReservations(db: Queryable, filter: StaffListFilter): Promise<(Reservation & { latest_refund: RefundState | null })[]> {
  const rows = await db.query<Record<string, unknown>>(
    `SELECT listed.*, refund.status AS latest_refund
         FROM (${SELECT}
                WHERE ($1::date IS NULL OR r.reservation_date >= $1::date)
                  AND ($2::date IS NULL OR r.reservation_date <= $2::date)
                  AND ($3::text[] IS NULL OR r.status = ANY($3::text[]))
                  AND ($4::text IS NULL
                       OR r.customer_name ILIKE $4 ESCAPE '\\' OR r.email ILIKE $4 ESCAPE '\\'
                       OR ($5::text IS NOT NULL AND regexp_replace(r.phone, '[^0-9]', '', 'g') LIKE $5)
                       OR r.id = $6::int)
                ORDER BY r.reservation_date, r.reservation_time, t.table_number, r.id
                LIMIT $7) listed
         LEFT JOIN LATERAL (SELECT pr.status FROM payment_refunds pr WHERE pr.reservation_id = listed.id ORDER BY pr.id DESC LIMIT 1) refund ON true
        ORDER BY listed.reservation_date, listed.reservation_time, listed.table_number, listed.id`,
    [filter.from, filter.to, filter.statuses, filter.search?.pattern ?? null, filter.search?.phoneDigits ?? null, filter.search?.id ?? null, filter.limit],
  );
  return rows.map((row) => ({ ...toReservation(row)!, latest_refund: (row.latest_refund as RefundState | null) ?? null }));
}

/**
 * Compare-and-set: decides a reservation only while it is still pending, so
 * two staff deciding at once cannot both win. Null when someone else did first.
 */
export async function decideReservation(
  db: Queryable,
  id: number,
  decision: { status: 'confirmed' | 'declined'; paymentStatus: 'paid' | 'rejected'; by: string; reason: string | null },
): Promise<boolean> {
  const rows = await db.query<{ id: number }>(
    `UPDATE reservations
        SET status = $2, payment_status = $3, decided_by = $4, decided_at = now(), decline_reason = $5, updated_at = now()
      WHERE id = $1 AND status = 'pending'
      RETURNING id`,
    [id, decision.status, decision.paymentStatus, decision.by, decision.reason],
  );
  return rows.length === 1;
}

/** Locks the reservation's row for the rest of the transaction and reads it. */
export async function findReservationForUpdate(tx: Queryable, id: number): Promise<Reservation | null> {
  await tx.query('SELECT id FROM reservations WHERE id = $1 FOR UPDATE', [id]);
  return findReservation(tx, id);
}

/** Cancels a reservation that still holds its table (raising its calendar SEQUENCE); false when it no longer did. */
export async function cancelReservation(tx: Queryable, id: number, by: string): Promise<boolean> {
  const rows = await tx.query(
    `UPDATE reservations
        SET status = 'cancelled', decided_by = $2, decided_at = now(), updated_at = now(), calendar_sequence = calendar_sequence + 1
      WHERE id = $1 AND status IN ('pending', 'confirmed') RETURNING id`,
    [id, by],
  );
  return rows.length === 1;
}

/**
 * Moves a reservation to another date, slot and table, keeping its id. The
 * unique index on active bookings still refuses a taken table-slot (a
 * unique_violation for the caller to answer).
 */
export async function moveReservation(tx: Queryable, id: number, to: { date: string; time: string; tableId: number; combinationId: number | null }): Promise<void> {
  await tx.query(
    `UPDATE reservations
        SET reservation_date = $2::date, reservation_time = $3, table_id = $4, combination_id = $5, updated_at = now(),
            calendar_sequence = calendar_sequence + 1
      WHERE id = $1`,
    [id, to.date, to.time, to.tableId, to.combinationId],
  );
}

/** Marks a confirmed reservation whose party never came; false when it was not confirmed any more. */
export async function markNoShow(tx: Queryable, id: number, by: string): Promise<boolean> {
  const rows = await tx.query(
    `UPDATE reservations SET status = 'no_show', decided_by = $2, decided_at = now(), updated_at = now()
      WHERE id = $1 AND status = 'confirmed' RETURNING id`,
    [id, by],
  );
  return rows.length === 1;
}

/** A customer's reservations as staff see their record: when, which table, and how each ended. */
export function listCustomerRecord(db: Queryable, customerId: number) {
  return db.query<{
    id: number;
    reservation_date: string;
    reservation_time: string;
    table_number: number;
    table_numbers: number[];
    number_of_guests: number;
    status: ReservationStatus;
  }>(
    `SELECT r.id, to_char(r.reservation_date, 'YYYY-MM-DD') AS reservation_date, r.reservation_time, t.table_number,
            ${TABLE_NUMBERS} AS table_numbers, r.number_of_guests, r.status
       FROM reservations r JOIN restaurant_tables t ON t.id = r.table_id
      WHERE r.customer_id = $1 ORDER BY r.reservation_date DESC, r.reservation_time DESC LIMIT 100`,
    [customerId],
  );
}

/** A reservation as the host stand sees it: when, who, how many, and whether the party is seated. */
export interface FloorReservation {
  id: number;
  /** One of the tables it holds: a joined booking is listed once on each. */
  table_id: number;
  /** Every table it holds. */
  table_numbers: number[];
  customer_name: string;
  number_of_guests: number;
  status: ReservationStatus;
  reservation_time: string;
  seated: boolean;
}

/** The reservations that hold a table on `date`, once per table held, earliest slot first. */
export function listFloorReservations(db: Queryable, date: string): Promise<FloorReservation[]> {
  return db.query<FloorReservation>(
    `SELECT r.id, rt.table_id, ${TABLE_NUMBERS} AS table_numbers, r.customer_name, r.number_of_guests, r.status, r.reservation_time,
            EXISTS (SELECT 1 FROM dining_sessions s WHERE s.reservation_id = r.id) AS seated
       FROM reservations r JOIN table_holds rt ON rt.reservation_id = r.id JOIN restaurant_tables t ON t.id = r.table_id
      WHERE r.reservation_date = $1::date AND r.status = ANY($2::text[])
      ORDER BY r.reservation_time, r.id, rt.table_id`,
    [date, ACTIVE_STATUSES],
  );
}

/** True when another booking or an open waitlist offer holds the reservation's table-slot (take its lock first: lockTableSlot). */
export async function tableSlotHeldByOther(tx: Queryable, reservation: Pick<Reservation, 'id' | 'table_id' | 'reservation_date' | 'reservation_time'>): Promise<boolean> {
  const [row] = await tx.query<{ held: boolean }>(
    `SELECT EXISTS (SELECT 1 FROM reservations r
                     WHERE r.id <> $1 AND r.table_id = $2 AND r.reservation_date = $3::date AND r.reservation_time = $4 AND ${holdsItsSlot()})
            OR ${OPEN_OFFER('$2', '$3::date', '$4')} AS held`,
    [reservation.id, reservation.table_id, reservation.reservation_date, reservation.reservation_time],
  );
  return row.held;
}

/**
 * The down payment arrived online: the reservation is paid and holds its table
 * again if its hold had lapsed; with `confirm`, it is confirmed by `by` too.
 */
export async function markReservationPaid(tx: Queryable, id: number, options: { confirm: boolean; by: string }): Promise<void> {
  await tx.query(
    `UPDATE reservations
        SET payment_status = 'paid', updated_at = now(), decline_reason = NULL,
            status = CASE WHEN $2 THEN 'confirmed' ELSE 'pending' END,
            decided_by = CASE WHEN $2 THEN $3 ELSE NULL END,
            decided_at = CASE WHEN $2 THEN now() ELSE NULL END
      WHERE id = $1`,
    [id, options.confirm, options.by],
  );
}
