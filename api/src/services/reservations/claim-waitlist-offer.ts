import { waitlistMessages } from '@samgyup/shared/validation';
import { isUniqueViolation } from '../../db/database';
import { conflict, forbidden, notFound } from '../../lib/http-error';
import { recordHistory } from '../../repositories/reservation-history-repository';
import { findReservation, insertReservation, lockTableSlots, type Reservation } from '../../repositories/reservations-repository';
import { combinationTableIds } from '../../repositories/table-combinations-repository';
import { findWaitlistEntry, linkClaimedReservation, markClaimed } from '../../repositories/waitlist-repository';
import type { ServiceContext } from '../service-context';
import { checkBookingRules } from './booking-rules';

/**
 * The party a waitlist offer was made to claims its table, atomically: the
 * booking rules apply as to any booking (the owner may have closed the day
 * since), and the reservation records the down payment in force now.
 */
export async function claimWaitlistOffer(ctx: ServiceContext, customerId: number, entryId: number): Promise<Reservation> {
  let reservationId: number;
  try {
    reservationId = await ctx.db.transaction(async (tx) => {
      const entry = await findWaitlistEntry(tx, entryId, true);
      if (!entry) throw notFound(waitlistMessages.badLink);
      if (entry.customer_id !== customerId) throw forbidden(waitlistMessages.notYours);
      const open = entry.status === 'offered' && entry.offer_expires_at !== null && new Date(entry.offer_expires_at) > new Date();
      if (!open) throw conflict(waitlistMessages.offerEnded);
      const tableId = entry.offered_table_id!;
      const combinationId = entry.offered_combination_id;
      // Joined tables were checked against the party when offered; a single table is checked with the rules.
      const rules = { date: entry.reservation_date, time: entry.reservation_time, partySize: entry.party_size };
      const terms = await checkBookingRules(tx, ctx.config, combinationId === null ? { ...rules, tableId } : rules);
      const offered = combinationId === null ? [tableId] : await combinationTableIds(tx, combinationId);
      await lockTableSlots(tx, offered, entry.reservation_date, entry.reservation_time);
      await markClaimed(tx, entry.id);
      const made = await insertReservation(tx, {
        customer_id: entry.customer_id,
        customer_name: entry.customer_name,
        email: entry.email,
        phone: entry.phone,
        table_id: tableId,
        combination_id: combinationId,
        occasion: null,
        number_of_guests: entry.party_size,
        reservation_date: entry.reservation_date,
        reservation_time: entry.reservation_time,
        duration_hours: 2,
        payment_amount: 0,
        down_payment_due: terms.downPaymentDue,
        refund_on_cancel: terms.refundOnCancel,
        notes: null,
        // The upload page saves with this key and so finds this reservation rather than making another.
        idempotency_key: `waitlist-claim-${entry.id}`,
        request_digest: null,
      });
      await linkClaimedReservation(tx, entry.id, made);
      await recordHistory(tx, made, 'waitlist_claim', `customer (${entry.email})`, { waitlist_entry: entry.id });
      return made;
    });
  } catch (error) {
    // The offer held the table, so only a booking that slipped past it could be there: the offer cannot be kept.
    if (isUniqueViolation(error)) throw conflict(waitlistMessages.offerEnded);
    throw error;
  }
  return (await findReservation(ctx.db, reservationId))!;
}
