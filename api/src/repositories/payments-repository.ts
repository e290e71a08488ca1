import { queryOne, type Queryable } from '../db/database';

export type PaymentOutcome = 'applied' | 'short' | 'late' | 'duplicate' | 'failed';
export type RefundStatus = 'requested' | 'sending' | 'pending' | 'succeeded' | 'failed';
export type RefundReason = 'duplicate' | 'fraudulent' | 'requested_by_customer' | 'others';

export interface CheckoutSessionRow {
  id: string;
  reservation_id: number;
  checkout_url: string;
  payment_intent_id: string | null;
  amount_centavos: number;
  status: 'open' | 'paid' | 'closed';
}

export interface OnlinePayment {
  id: number;
  provider_payment_id: string;
  reservation_id: number;
  amount_centavos: number;
  currency: string;
  method: string;
  outcome: PaymentOutcome;
  paid_at: string | null;
  recorded_at: string;
}

export interface PaymentRefund {
  id: number;
  payment_id: number;
  reservation_id: number;
  provider_refund_id: string | null;
  provider_payment_id: string;
  amount_centavos: number;
  reason: RefundReason;
  notes: string;
  status: RefundStatus;
  last_error: string | null;
  attempts: number;
  requested_by: string;
  created_at: string;
  updated_at: string;
}

const SESSION_COLUMNS = 'id, reservation_id, checkout_url, payment_intent_id, amount_centavos, status';
const PAYMENT_COLUMNS = `id, provider_payment_id, reservation_id, amount_centavos, currency, method, outcome,
  to_char(paid_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS paid_at,
  to_char(recorded_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS recorded_at`;
const REFUND_SELECT = `
  SELECT f.id, f.payment_id, f.reservation_id, f.provider_refund_id, p.provider_payment_id, f.amount_centavos, f.reason, f.notes,
         f.status, f.last_error, f.attempts, f.requested_by,
         to_char(f.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS created_at,
         to_char(f.updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS updated_at
    FROM payment_refunds f JOIN online_payments p ON p.id = f.payment_id`;

/** The reservation's open checkout session, if any. */
export function findOpenCheckout(db: Queryable, reservationId: number): Promise<CheckoutSessionRow | null> {
  return queryOne(db, `SELECT ${SESSION_COLUMNS} FROM checkout_sessions WHERE reservation_id = $1 AND status = 'open'`, [reservationId]);
}

/** A session by the provider's session id, or by its payment intent's id. */
export function findCheckout(db: Queryable, by: { sessionId?: string; paymentIntentId?: string }): Promise<CheckoutSessionRow | null> {
  if (by.sessionId) return queryOne(db, `SELECT ${SESSION_COLUMNS} FROM checkout_sessions WHERE id = $1`, [by.sessionId]);
  if (by.paymentIntentId) return queryOne(db, `SELECT ${SESSION_COLUMNS} FROM checkout_sessions WHERE payment_intent_id = $1`, [by.paymentIntentId]);
  return Promise.resolve(null);
}

/** Keeps a new session as the reservation's open one; false when another request's session got there first. */
export async function insertOpenCheckout(db: Queryable, session: Omit<CheckoutSessionRow, 'status'>): Promise<boolean> {
  const rows = await db.query(
    `INSERT INTO checkout_sessions (id, reservation_id, checkout_url, payment_intent_id, amount_centavos)
     VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (reservation_id) WHERE status = 'open' DO NOTHING RETURNING id`,
    [session.id, session.reservation_id, session.checkout_url, session.payment_intent_id, session.amount_centavos],
  );
  return rows.length === 1;
}

export async function setCheckoutStatus(db: Queryable, id: string, status: CheckoutSessionRow['status']): Promise<void> {
  await db.query(`UPDATE checkout_sessions SET status = $2, checked_at = now(), updated_at = now() WHERE id = $1`, [id, status]);
}

/** Open sessions the sweep asks the provider about, least recently checked first. */
export function listOpenCheckouts(db: Queryable, limit: number): Promise<CheckoutSessionRow[]> {
  return db.query(`SELECT ${SESSION_COLUMNS} FROM checkout_sessions WHERE status = 'open' ORDER BY checked_at NULLS FIRST, created_at LIMIT $1`, [limit]);
}

export async function markCheckoutChecked(db: Queryable, id: string): Promise<void> {
  await db.query('UPDATE checkout_sessions SET checked_at = now() WHERE id = $1', [id]);
}

/** True the first time an event id is seen; a second delivery (or replica) finds it taken. */
export async function claimWebhookEvent(db: Queryable, eventId: string, type: string): Promise<boolean> {
  const rows = await db.query('INSERT INTO payment_webhook_events (event_id, type) VALUES ($1, $2) ON CONFLICT (event_id) DO NOTHING RETURNING event_id', [eventId, type]);
  return rows.length === 1;
}

/** Records a provider payment once; null when it was already recorded (by another event, replica or the return page). */
export async function insertOnlinePayment(
  db: Queryable,
  payment: {
    providerPaymentId: string;
    reservationId: number;
    checkoutSessionId: string | null;
    amountCentavos: number;
    currency: string;
    method: string;
    outcome: PaymentOutcome;
    paidAt: Date | null;
  },
): Promise<number | null> {
  const row = await queryOne<{ id: number }>(
    db,
    `INSERT INTO online_payments (provider_payment_id, reservation_id, checkout_session_id, amount_centavos, currency, method, outcome, paid_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
     ON CONFLICT (provider_payment_id) DO NOTHING RETURNING id`,
    [payment.providerPaymentId, payment.reservationId, payment.checkoutSessionId, payment.amountCentavos, payment.currency, payment.method, payment.outcome, payment.paidAt],
  );
  return row?.id ?? null;
}

export async function setPaymentOutcome(db: Queryable, id: number, outcome: PaymentOutcome): Promise<void> {
  await db.query('UPDATE online_payments SET outcome = $2 WHERE id = $1', [id, outcome]);
}

export function listReservationPayments(db: Queryable, reservationId: number): Promise<OnlinePayment[]> {
  return db.query(`SELECT ${PAYMENT_COLUMNS} FROM online_payments WHERE reservation_id = $1 ORDER BY recorded_at, id`, [reservationId]);
}

export function listReservationRefunds(db: Queryable, reservationId: number): Promise<PaymentRefund[]> {
  return db.query(`${REFUND_SELECT} WHERE f.reservation_id = $1 ORDER BY f.created_at, f.id`, [reservationId]);
}

/** The payment a refund of this reservation would return: the latest one that took money and has no refund yet. */
export function findRefundablePayment(db: Queryable, reservationId: number): Promise<OnlinePayment | null> {
  return queryOne(
    db,
    `SELECT ${PAYMENT_COLUMNS} FROM online_payments p
      WHERE p.reservation_id = $1 AND p.outcome <> 'failed' AND NOT EXISTS (SELECT 1 FROM payment_refunds f WHERE f.payment_id = p.id)
      ORDER BY p.recorded_at DESC, p.id DESC LIMIT 1`,
    [reservationId],
  );
}

/** Asks for a full refund of a payment; null when it already has one (the database keeps it to one). */
export async function insertRefund(
  db: Queryable,
  refund: { paymentId: number; reservationId: number; amountCentavos: number; reason: RefundReason; notes: string; requestedBy: string },
): Promise<number | null> {
  const row = await queryOne<{ id: number }>(
    db,
    `INSERT INTO payment_refunds (payment_id, reservation_id, amount_centavos, reason, notes, requested_by)
     VALUES ($1, $2, $3, $4, $5, $6)
     ON CONFLICT (payment_id) DO NOTHING RETURNING id`,
    [refund.paymentId, refund.reservationId, refund.amountCentavos, refund.reason, refund.notes, refund.requestedBy],
  );
  return row?.id ?? null;
}

export function findRefund(db: Queryable, id: number): Promise<PaymentRefund | null> {
  return queryOne(db, `${REFUND_SELECT} WHERE f.id = $1`, [id]);
}

/**
 * Takes a refund to send: one waiting, or one whose sender stopped mid-way
 * (its lease ran out). Only one process at a time gets it.
 */
export async function leaseRefund(db: Queryable, id: number, leaseSeconds: number): Promise<PaymentRefund | null> {
  const row = await queryOne<{ id: number }>(
    db,
    `UPDATE payment_refunds SET status = 'sending', attempts = attempts + 1, lease_until = now() + make_interval(secs => $2), updated_at = now()
      WHERE id = $1 AND (status = 'requested' OR (status = 'sending' AND lease_until < now())) RETURNING id`,
    [id, leaseSeconds],
  );
  return row ? findRefund(db, row.id) : null;
}

/** What sending a refund came to: taken by the provider, refused, or to try again. */
export async function settleRefund(
  db: Queryable,
  id: number,
  result: { status: 'pending' | 'succeeded'; providerRefundId: string } | { status: 'failed' | 'requested'; error: string },
): Promise<void> {
  if ('providerRefundId' in result) {
    await db.query(`UPDATE payment_refunds SET status = $2, provider_refund_id = $3, last_error = NULL, lease_until = NULL, updated_at = now() WHERE id = $1`, [
      id,
      result.status,
      result.providerRefundId,
    ]);
  } else {
    await db.query(`UPDATE payment_refunds SET status = $2, last_error = left($3, 500), lease_until = NULL, updated_at = now() WHERE id = $1`, [id, result.status, result.error]);
  }
}

/** A refund refused earlier goes back to be sent; false when it was not refused. */
export async function requeueFailedRefund(db: Queryable, id: number): Promise<boolean> {
  const rows = await db.query(`UPDATE payment_refunds SET status = 'requested', updated_at = now() WHERE id = $1 AND status = 'failed' RETURNING id`, [id]);
  return rows.length === 1;
}

/** The provider's word on a refund it took (webhook): pending, succeeded or failed. */
export async function updateRefundFromProvider(db: Queryable, providerRefundId: string, status: 'pending' | 'succeeded' | 'failed', error: string | null): Promise<number | null> {
  const row = await queryOne<{ id: number }>(
    db,
    `UPDATE payment_refunds SET status = $2, last_error = COALESCE($3, last_error), updated_at = now()
      WHERE provider_refund_id = $1 AND status <> $2 RETURNING id`,
    [providerRefundId, status, error],
  );
  return row?.id ?? null;
}

/** Refunds waiting to be sent whose sender never came (a crash, a lost job), for the sweep. */
export async function listStrandedRefunds(db: Queryable, olderThanSeconds: number): Promise<number[]> {
  const rows = await db.query<{ id: number }>(
    `SELECT id FROM payment_refunds
      WHERE (status = 'requested' AND updated_at < now() - make_interval(secs => $1)) OR (status = 'sending' AND lease_until < now())
      ORDER BY id LIMIT 50`,
    [olderThanSeconds],
  );
  return rows.map((row) => row.id);
}

/** Refunds the provider refused, newest first, for staff to retry. */
export function listFailedRefunds(db: Queryable): Promise<(PaymentRefund & { customer_name: string; reservation_date: string })[]> {
  return db.query(
    `SELECT x.*, r.customer_name, to_char(r.reservation_date, 'YYYY-MM-DD') AS reservation_date
       FROM (${REFUND_SELECT} WHERE f.status = 'failed') x JOIN reservations r ON r.id = x.reservation_id
      ORDER BY x.updated_at DESC LIMIT 100`,
  );
}
