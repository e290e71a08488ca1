import { restaurantToday, tablesLabel, type ManagedReservation } from '@samgyup/shared/reservation';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { isUniqueViolation, type Queryable } from '../../db/database';
import { conflict, HttpError, notFound } from '../../lib/http-error';
import { idFromLinkToken } from '../../lib/link-token';
import { parseInput } from '../../lib/parse-input';
import { getBookingPolicy } from '../../repositories/booking-policy-repository';
import { recordHistory } from '../../repositories/reservation-history-repository';
import {
  cancelReservation,
  expireUnpaidReservations,
  findReservation,
  findReservationForUpdate,
  listAvailableTables,
  moveReservation,
  type Reservation,
} from '../../repositories/reservations-repository';
import { changesUntil, downPaymentOnCancel, visitEnd } from '../../services/booking-rules';
import { signedLink } from '../../services/signed-links';
import { cancelNotices, rescheduleNotices } from '../../services/reservation-notices';
import { lockChosenTables, resolveTableChoice } from '../../services/table-choice';
import { offerFreedSlotLater } from '../../services/waitlist';
import { reservationApiMessages } from './reservation-messages';
import { slotDateField, slotTimeField } from './slot-fields';

export const manageMessages = {
  badLink: 'This link is not valid. Please open the link from your latest message about this reservation.',
  linkExpired: 'This link has expired: the visit is over.',
  closed: (hours: number) => `Changes close ${hours} hours before your slot. Please call us to change this reservation.`,
  notActive: 'This reservation is no longer active, so it cannot be changed.',
  cancelled: 'Your reservation is cancelled.',
  moved: 'Your reservation has moved. We sent you an updated calendar file.',
  sameSlot: 'Choose a different date, time slot or table.',
} as const;

const rescheduleBody = z.object({
  reservation_date: slotDateField,
  reservation_time: slotTimeField,
  table_id: z.number({ error: reservationApiMessages.tableUnknown }).int(reservationApiMessages.tableUnknown).positive(reservationApiMessages.tableUnknown).max(2 ** 31 - 1, reservationApiMessages.tableUnknown).optional(),
  combination_id: z.number({ error: reservationApiMessages.combinationUnknown }).int(reservationApiMessages.combinationUnknown).positive(reservationApiMessages.combinationUnknown).max(2 ** 31 - 1, reservationApiMessages.combinationUnknown).optional(),
});

/**
 * The manage link from a reservation message: view, cancel and move one
 * reservation without logging in. The token is the key (an HMAC of the
 * reservation id); it stops working when the visit is over.
 */
export default async function reservationsManageRoutes(app: FastifyInstance) {
  const secret = app.config.manageLinkSecret;

  const reservationIdFrom = (request: FastifyRequest) => idFromLinkToken(request, secret, 'reservation-manage', manageMessages.badLink);

  async function linkedReservation(db: Queryable, id: number, lock: boolean): Promise<Reservation> {
    const reservation = lock ? await findReservationForUpdate(db, id) : await findReservation(db, id);
    if (!reservation) throw notFound(manageMessages.badLink);
    if (visitEnd(reservation) < new Date()) throw new HttpError(410, manageMessages.linkExpired);
    return reservation;
  }

  async function view(db: Queryable, reservation: Reservation): Promise<ManagedReservation> {
    const policy = await getBookingPolicy(db);
    return {
      id: reservation.id,
      customer_name: reservation.customer_name,
      table_id: reservation.table_id,
      table_number: reservation.table_number,
      table_numbers: reservation.table_numbers,
      number_of_guests: reservation.number_of_guests,
      reservation_date: reservation.reservation_date,
      reservation_time: reservation.reservation_time,
      duration_hours: reservation.duration_hours,
      status: reservation.status,
      payment_status: reservation.payment_status,
      down_payment_due: reservation.down_payment_due,
      changes_until: changesUntil(policy, reservation)?.toISOString() ?? null,
      down_payment_on_cancel: downPaymentOnCancel(policy, reservation),
    };
  }

  /** The reservation locked for a change, refused when it no longer holds a table or the cutoff has passed. */
  async function changeable(tx: Queryable, id: number): Promise<Reservation> {
    const reservation = await linkedReservation(tx, id, true);
    if (reservation.status !== 'pending' && reservation.status !== 'confirmed') throw conflict(manageMessages.notActive);
    const policy = await getBookingPolicy(tx);
    if (!changesUntil(policy, reservation)) throw conflict(manageMessages.closed(policy.change_cutoff_hours));
    return reservation;
  }

  app.get('/api/reservations/manage/:token', async (request, reply) => {
    const reservation = await linkedReservation(app.db, reservationIdFrom(request), false);
    reply.header('Cache-Control', 'private, no-store');
    return { success: true, data: await view(app.db, reservation) };
  });

  app.post('/api/reservations/manage/:token/cancel', async (request) => {
    const id = reservationIdFrom(request);
    const noticeIds = await app.db.transaction(async (tx) => {
      const reservation = await changeable(tx, id);
      const downPayment = downPaymentOnCancel(await getBookingPolicy(tx), reservation);
      await cancelReservation(tx, id, 'customer');
      await recordHistory(tx, id, 'cancel', `customer (${reservation.email})`, { via: 'manage link', down_payment: downPayment });
      await offerFreedSlotLater(app, tx, { date: reservation.reservation_date, time: reservation.reservation_time });
      return app.notices.queue(tx, cancelNotices((await findReservation(tx, id))!, downPayment));
    });
    await app.notices.deliverNow(noticeIds);
    return { success: true, message: manageMessages.cancelled, data: await view(app.db, (await findReservation(app.db, id))!) };
  });

  app.post('/api/reservations/manage/:token/reschedule', async (request) => {
    const id = reservationIdFrom(request);
    const input = parseInput(rescheduleBody, request.body);
    if (input.reservation_date < restaurantToday()) throw new HttpError(400, reservationApiMessages.datePast);
    // Holds past their time still sit in the unique index: release them before looking for a free table.
    await expireUnpaidReservations(app.db);
    let noticeIds: number[];
    try {
      noticeIds = await app.db.transaction(async (tx) => {
        const reservation = await changeable(tx, id);
        // No table named: the same table, or the same joined tables, on the new date or slot.
        const choice =
          input.combination_id !== undefined || input.table_id !== undefined
            ? { table_id: input.table_id, combination_id: input.combination_id }
            : { table_id: reservation.combination_id === null ? reservation.table_id : null, combination_id: reservation.combination_id };
        const to = { date: input.reservation_date, time: input.reservation_time };
        const chosen = await resolveTableChoice(tx, choice, to, reservation.number_of_guests);
        const sameSlot =
          chosen.tableId === reservation.table_id &&
          chosen.combinationId === reservation.combination_id &&
          to.date === reservation.reservation_date &&
          to.time === reservation.reservation_time;
        if (sameSlot) throw new HttpError(400, manageMessages.sameSlot);
        // Availability is read in the transaction that moves, under the table-slots' locks; the unique index still guards.
        await lockChosenTables(tx, chosen, to, reservationApiMessages.tableTaken);
        const free = new Set((await listAvailableTables(tx, to.date, to.time)).map((table) => table.id));
        if (!chosen.tableIds.every((tableId) => free.has(tableId))) throw conflict(reservationApiMessages.tableTaken);
        await moveReservation(tx, id, { ...to, tableId: chosen.tableId, combinationId: chosen.combinationId });
        const from = { date: reservation.reservation_date, time: reservation.reservation_time, table_id: reservation.table_id };
        const moved = (await findReservation(tx, id))!;
        await recordHistory(tx, id, 'reschedule', `customer (${reservation.email})`, {
          via: 'manage link',
          from,
          to: { ...to, table_id: chosen.tableId },
          tables: { from: tablesLabel(reservation.table_numbers), to: tablesLabel(moved.table_numbers) },
        });
        await offerFreedSlotLater(app, tx, from);
        return app.notices.queue(tx, rescheduleNotices(moved, { manageLink: signedLink(app.config.siteUrl, secret, 'reservation-manage', id) }, from));
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict(reservationApiMessages.tableTaken);
      throw error;
    }
    await app.notices.deliverNow(noticeIds);
    return { success: true, message: manageMessages.moved, data: await view(app.db, (await findReservation(app.db, id))!) };
  });
}
