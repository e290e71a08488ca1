import { downPaymentFor, restaurantToday } from '@samgyup/shared/reservation';
import { waitlistJoinSchema, waitlistMessages as messages, type WaitlistOffer } from '@samgyup/shared/validation';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { isUniqueViolation } from '../../db/database';
import { conflict, forbidden, HttpError, notFound } from '../../lib/http-error';
import { idFromLinkToken } from '../../lib/link-token';
import { parseInput } from '../../lib/parse-input';
import { recordHistory } from '../../repositories/reservation-history-repository';
import { getBookingPolicy } from '../../repositories/booking-policy-repository';
import { findReservation, insertReservation, lockTableSlots } from '../../repositories/reservations-repository';
import { combinationTableIds } from '../../repositories/table-combinations-repository';
import { currentSettings } from '../../services/restaurant-settings';
import { slotOptions } from '../../services/table-availability';
import {
  findWaitlistEntry,
  insertWaitlistEntry,
  leaveWaitlist,
  listCustomerWaitlist,
  markClaimed,
  type WaitlistEntry,
} from '../../repositories/waitlist-repository';
import { offerFreedSlotLater } from '../../services/waitlist';
import { reservationApiMessages } from '../reservations/reservation-messages';

const idParams = z.object({
  id: z.coerce.number({ error: messages.notFound }).int(messages.notFound).positive(messages.notFound).max(2 ** 31 - 1, messages.notFound),
});

/** What the claim page shows of an entry: never the contact details (the type the reservation remote reads). */
const offerView = (entry: WaitlistEntry): WaitlistOffer => ({
  id: entry.id,
  reservation_date: entry.reservation_date,
  reservation_time: entry.reservation_time,
  party_size: entry.party_size,
  status: entry.status,
  table_number: entry.offered_table_number,
  table_numbers: entry.offered_table_numbers,
  offer_expires_at: entry.offer_expires_at,
  reservation_id: entry.reservation_id,
});

/**
 * The waitlist: a diner joins for a fully booked date and slot; when a table
 * frees, the job queue offers it (services/waitlist) and the party claims it
 * through the link in the message, atomically.
 */
export default async function waitlistPublicRoutes(app: FastifyInstance) {
  const secret = app.config.manageLinkSecret;

  const entryIdFrom = (request: FastifyRequest) => idFromLinkToken(request, secret, 'waitlist-claim', messages.badLink);

  app.post('/api/waitlist', async (request, reply) => {
    const principal = await app.authenticateCustomer(request);
    const input = parseInput(waitlistJoinSchema, request.body);
    if (input.reservation_date < restaurantToday()) throw new HttpError(400, reservationApiMessages.datePast);
    const fitting = await slotOptions(app.db, input.reservation_date, input.reservation_time, input.number_of_guests);
    if (fitting.length > 0) throw conflict(messages.tableFree);
    const id = await insertWaitlistEntry(app.db, {
      customer_id: principal.id,
      reservation_date: input.reservation_date,
      reservation_time: input.reservation_time,
      party_size: input.number_of_guests,
      customer_name: input.customer_name,
      email: input.email,
      phone: input.phone,
    });
    if (id === null) throw conflict(messages.alreadyWaiting);
    reply.status(201);
    return { success: true, message: messages.joined, data: offerView((await findWaitlistEntry(app.db, id))!) };
  });

  app.get('/api/waitlist/mine', async (request) => {
    const principal = await app.authenticateCustomer(request);
    return { success: true, data: (await listCustomerWaitlist(app.db, principal.id)).map(offerView) };
  });

  app.delete('/api/waitlist/:id', async (request) => {
    const principal = await app.authenticateCustomer(request);
    const { id } = parseInput(idParams, request.params);
    const left = await app.db.transaction(async (tx) => {
      const entry = await findWaitlistEntry(tx, id, true);
      if (!entry || !(await leaveWaitlist(tx, id, principal.id))) return false;
      // A table offered to this party goes to the next one.
      if (entry.status === 'offered') await offerFreedSlotLater(app, tx, { date: entry.reservation_date, time: entry.reservation_time });
      return true;
    });
    if (!left) throw notFound(messages.notFound);
    return { success: true, message: messages.left };
  });

  app.get('/api/waitlist/claim/:token', async (request, reply) => {
    const entry = await findWaitlistEntry(app.db, entryIdFrom(request));
    if (!entry) throw notFound(messages.badLink);
    reply.header('Cache-Control', 'private, no-store');
    return { success: true, data: offerView(entry) };
  });

  app.post('/api/waitlist/claim/:token', async (request, reply) => {
    const id = entryIdFrom(request);
    const principal = await app.authenticateCustomer(request);
    let reservationId: number;
    try {
      reservationId = await app.db.transaction(async (tx) => {
        const entry = await findWaitlistEntry(tx, id, true);
        if (!entry) throw notFound(messages.badLink);
        if (entry.customer_id !== principal.id) throw forbidden(messages.notYours);
        const open = entry.status === 'offered' && entry.offer_expires_at !== null && new Date(entry.offer_expires_at) > new Date();
        if (!open) throw conflict(messages.offerEnded);
        const offered = entry.offered_combination_id === null ? [entry.offered_table_id!] : await combinationTableIds(tx, entry.offered_combination_id);
        await lockTableSlots(tx, offered, entry.reservation_date, entry.reservation_time);
        const settings = await currentSettings(tx, app.config.downPaymentPesos);
        const made = await insertReservation(tx, {
          customer_id: entry.customer_id,
          customer_name: entry.customer_name,
          email: entry.email,
          phone: entry.phone,
          table_id: entry.offered_table_id!,
          combination_id: entry.offered_combination_id,
          occasion: null,
          number_of_guests: entry.party_size,
          reservation_date: entry.reservation_date,
          reservation_time: entry.reservation_time,
          duration_hours: 2,
          payment_amount: 0,
          down_payment_due: downPaymentFor(settings.down_payment_pesos, await getBookingPolicy(tx), entry.party_size),
          notes: null,
          // The upload page saves with this key and so finds this reservation rather than making another.
          idempotency_key: `waitlist-claim-${entry.id}`,
          request_digest: null,
        });
        await markClaimed(tx, entry.id, made);
        await recordHistory(tx, made, 'waitlist_claim', `customer (${entry.email})`, { waitlist_entry: entry.id });
        return made;
      });
    } catch (error) {
      // The offer held the table, so only a booking that slipped past it could be there: the offer cannot be kept.
      if (isUniqueViolation(error)) throw conflict(messages.offerEnded);
      throw error;
    }
    reply.status(201);
    const reservation = (await findReservation(app.db, reservationId))!;
    return { success: true, message: messages.claimed, data: reservation };
  });
}
