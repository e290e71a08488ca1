import { createHash } from 'node:crypto';
import type { reservationPayloadSchema } from '@samgyup/shared/validation';
import { isUniqueViolation } from '../../db/database';
import { conflict, HttpError, unauthorized } from '../../lib/http-error';
import { getBookingPolicy } from '../../repositories/booking-policy-repository';
import { findCustomerById, lockCustomer } from '../../repositories/customers-repository';
import { publishLiveEvents } from '../../repositories/live-events-repository';
import { countPendingReservations, findReservation, findReservationByKey, insertReservation, type Reservation } from '../../repositories/reservations-repository';
import type { ServiceContext } from '../service-context';
import { lockChosenTables, resolveTableChoice } from '../table-choice';
import { checkBookingRules } from './booking-rules';
import { expireHolds } from './expire-holds';
import { reservationApiMessages as messages } from './reservation-messages';

/** The reservation form's payload, as its schema checked it. */
export type BookingForm = ReturnType<typeof reservationPayloadSchema.parse>;

export interface BookingOutcome {
  reservation: Reservation;
  /** False when this answers a retry of an earlier request (same Idempotency-Key). */
  created: boolean;
}

/**
 * A customer books a table: idempotent under its Idempotency-Key (a retry gets
 * the same reservation; the key reused for another booking is refused), checked
 * by the booking rules, at most `pendingReservationsPerCustomer` waiting at
 * once, and one active booking per table-slot (enforced by the database). The
 * staff console hears of it in the same transaction.
 */
export async function bookReservation(ctx: ServiceContext, request: { customerId: number; idempotencyKey: string | null; form: BookingForm }): Promise<BookingOutcome> {
  const { customerId, idempotencyKey: key, form } = request;
  // What the request asks for, checked values in the schema's order: a retry sends the same.
  const requestDigest = createHash('sha256').update(JSON.stringify(form)).digest('base64url');
  const answerRetry = (earlier: NonNullable<Awaited<ReturnType<typeof findReservationByKey>>>): BookingOutcome => {
    if (earlier.requestDigest !== null && earlier.requestDigest !== requestDigest) throw new HttpError(422, messages.keyReused);
    return { reservation: earlier.reservation, created: false };
  };

  if (key) {
    const earlier = await findReservationByKey(ctx.db, customerId, key);
    if (earlier) return answerRetry(earlier);
  }
  const terms = await checkBookingRules(ctx.db, ctx.config, {
    date: form.reservation_date,
    time: form.reservation_time,
    partySize: form.number_of_guests,
    // A single table is checked with the rules; joined tables and the best fit once the slot is locked.
    ...(form.table_id != null && form.combination_id == null && !form.best_table ? { tableId: form.table_id } : {}),
  });
  const slot = { date: form.reservation_date, time: form.reservation_time };
  const customer = await findCustomerById(ctx.db, customerId);
  if (!customer || !customer.is_active) throw unauthorized(messages.accountGone);
  const save = () =>
    ctx.db.transaction(async (tx) => {
      // The customer's row lock makes the count of their waiting bookings exact under parallel saves.
      await lockCustomer(tx, customer.id);
      const most = ctx.config.pendingReservationsPerCustomer;
      if ((await countPendingReservations(tx, customer.id)) >= most) {
        throw new HttpError(429, messages.tooManyPending(most, (await getBookingPolicy(tx)).hold_minutes));
      }
      const chosen = await resolveTableChoice(tx, form, slot, form.number_of_guests);
      // A table offered to the waitlist is held for that party until the offer lapses.
      await lockChosenTables(tx, chosen, slot, messages.tableTaken);
      const id = await insertReservation(tx, {
        customer_id: customer.id,
        customer_name: form.customer_name,
        email: form.email,
        phone: form.phone,
        table_id: chosen.tableId,
        combination_id: chosen.combinationId,
        occasion: form.occasion,
        number_of_guests: form.number_of_guests,
        reservation_date: form.reservation_date,
        reservation_time: form.reservation_time,
        duration_hours: form.duration_hours,
        payment_amount: form.payment_amount,
        down_payment_due: terms.downPaymentDue,
        refund_on_cancel: terms.refundOnCancel,
        notes: form.notes,
        idempotency_key: key ?? null,
        request_digest: key ? requestDigest : null,
      });
      const { reservation_date, reservation_time, customer_name, number_of_guests } = form;
      await publishLiveEvents(tx, [{ audience: 'staff', kind: 'reservation.created', data: { id, reservation_date, reservation_time, customer_name, number_of_guests } }]);
      return id;
    });

  let id: number;
  try {
    id = await save();
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    // The same key arriving twice at once: the other attempt won; answer its result.
    const earlier = key ? await findReservationByKey(ctx.db, customerId, key) : null;
    if (earlier) return answerRetry(earlier);
    // The slot may be held by a booking that waited too long for its proof: cancel those, then try once more.
    if ((await expireHolds(ctx)) === 0) throw conflict(messages.tableTaken);
    try {
      id = await save();
    } catch (again) {
      if (isUniqueViolation(again)) throw conflict(messages.tableTaken);
      throw again;
    }
  }
  return { reservation: (await findReservation(ctx.db, id))!, created: true };
}
