import { tablesLabel, type ManagedReservation } from '@samgyup/shared/reservation';
import { isUniqueViolation, type Queryable } from '../../db/database';
import { conflict, HttpError, notFound } from '../../lib/http-error';
import { signedLink } from '../../lib/signed-links';
import { getBookingPolicy } from '../../repositories/booking-policy-repository';
import { listHistory, recordHistory } from '../../repositories/reservation-history-repository';
import { cancelReservation, findReservation, findReservationForUpdate, listAvailableTables, moveReservation, type Reservation } from '../../repositories/reservations-repository';
import { cancelNotices, rescheduleNotices } from '../notices/reservation-notices';
import { refundOnCancel, sendRefunds } from '../payments/payments-service';
import type { ServiceContext } from '../service-context';
import { lockChosenTables, resolveTableChoice } from '../table-choice';
import { offerFreedSlotLater } from '../waitlist/waitlist-service';
import { changesUntil, checkBookingRules, downPaymentOnCancel, visitEnd } from './booking-rules';
import { expireHolds } from './expire-holds';
import { reservationApiMessages } from './reservation-messages';

export const manageMessages = {
  badLink: 'This link is not valid. Please open the link from your latest message about this reservation.',
  linkExpired: 'This link has expired: the visit is over.',
  closed: (hours: number) => `Changes close ${hours} hours before your slot. Please call us to change this reservation.`,
  notActive: 'This reservation is no longer active, so it cannot be changed.',
  cancelled: 'Your reservation is cancelled.',
  moved: 'Your reservation has moved. We sent you an updated calendar file.',
  sameSlot: 'Choose a different date, time slot or table.',
} as const;

/**
 * How the diner reached the reservation: the manage link from a message (a bearer
 * key that stops working once the visit is over), or My reservations, where the
 * route has checked that the logged-in account owns it.
 */
export type DinerChannel = 'manage link' | 'my reservations';

/** The reservation the diner names, locked when it is about to change; through a link, gone once the visit is over. */
async function linkedReservation(db: Queryable, id: number, lock: boolean, via: DinerChannel): Promise<Reservation> {
  const reservation = lock ? await findReservationForUpdate(db, id) : await findReservation(db, id);
  if (!reservation) throw notFound(manageMessages.badLink);
  if (via === 'manage link' && visitEnd(reservation) < new Date()) throw new HttpError(410, manageMessages.linkExpired);
  return reservation;
}

/** What the diner was told would happen to the down payment when they cancelled (kept in the cancel's history), else what the policy it was booked under says. */
async function downPaymentWords(db: Queryable, reservation: Reservation): Promise<string> {
  if (reservation.status === 'cancelled' && reservation.decided_by === 'customer') {
    const cancel = (await listHistory(db, reservation.id)).filter((entry) => entry.action === 'cancel').at(-1);
    if (typeof cancel?.details.down_payment === 'string') return cancel.details.down_payment;
  }
  return downPaymentOnCancel(reservation);
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
    down_payment_on_cancel: await downPaymentWords(db, reservation),
  };
}

/** The reservation locked for a change, refused when it no longer holds a table or the cutoff has passed. */
async function changeable(tx: Queryable, id: number, via: DinerChannel): Promise<Reservation> {
  const reservation = await linkedReservation(tx, id, true, via);
  if (reservation.status !== 'pending' && reservation.status !== 'confirmed') throw conflict(manageMessages.notActive);
  const policy = await getBookingPolicy(tx);
  if (!changesUntil(policy, reservation)) throw conflict(manageMessages.closed(policy.change_cutoff_hours));
  return reservation;
}

/** What the manage page (or My reservations) shows of reservation `id`. */
export async function viewManagedReservation(ctx: Pick<ServiceContext, 'db'>, id: number, via: DinerChannel = 'manage link'): Promise<ManagedReservation> {
  return view(ctx.db, await linkedReservation(ctx.db, id, false, via));
}

/**
 * The diner cancels (through the manage link or My reservations): the table-slot goes to the waitlist, the diner
 * gets a cancelling calendar file, and a down payment paid online comes back when the policy refunds.
 */
export async function cancelByDiner(ctx: ServiceContext, id: number, via: DinerChannel = 'manage link'): Promise<ManagedReservation> {
  const { noticeIds, refundIds } = await ctx.db.transaction(async (tx) => {
    const reservation = await changeable(tx, id, via);
    const downPayment = downPaymentOnCancel(reservation);
    await cancelReservation(tx, id, 'customer');
    await recordHistory(tx, id, 'cancel', `customer (${reservation.email})`, { via, down_payment: downPayment });
    await offerFreedSlotLater(ctx, tx, { date: reservation.reservation_date, time: reservation.reservation_time });
    // Paid online and cancelled in time: the policy's refund goes back through the provider.
    const refunds = await refundOnCancel(ctx, tx, reservation);
    return { noticeIds: await ctx.notices.queue(tx, cancelNotices((await findReservation(tx, id))!, downPayment)), refundIds: refunds };
  });
  await ctx.notices.deliverNow(noticeIds);
  await sendRefunds(ctx, refundIds);
  return view(ctx.db, (await findReservation(ctx.db, id))!);
}

/**
 * The diner moves (through the manage link or My reservations) to another date, slot, table or
 * joined tables (keeping the id): the booking rules apply as to a new booking,
 * every new table-slot must be free, the old ones go to the waitlist. Named no
 * table, the reservation keeps its table or its joined tables.
 */
export async function moveByDiner(
  ctx: ServiceContext,
  id: number,
  to: { date: string; time: string; tableId?: number; combinationId?: number },
  via: DinerChannel = 'manage link',
): Promise<ManagedReservation> {
  // Holds past their time still sit in the unique index: release them before looking for a free table.
  await expireHolds(ctx);
  let noticeIds: number[];
  try {
    noticeIds = await ctx.db.transaction(async (tx) => {
      const reservation = await changeable(tx, id, via);
      const slot = { date: to.date, time: to.time };
      const choice =
        to.tableId !== undefined || to.combinationId !== undefined
          ? { table_id: to.tableId, combination_id: to.combinationId }
          : { table_id: reservation.combination_id === null ? reservation.table_id : null, combination_id: reservation.combination_id };
      const single = choice.combination_id == null ? (choice.table_id ?? undefined) : undefined;
      const rules = { ...slot, partySize: reservation.number_of_guests };
      // The slot's rules first (a closed or past slot says so); a single table is checked with them.
      await checkBookingRules(tx, ctx.config, single === undefined ? rules : { ...rules, tableId: single });
      const chosen = await resolveTableChoice(tx, choice, slot, reservation.number_of_guests);
      const sameSlot =
        chosen.tableId === reservation.table_id &&
        chosen.combinationId === reservation.combination_id &&
        to.date === reservation.reservation_date &&
        to.time === reservation.reservation_time;
      if (sameSlot) throw new HttpError(400, manageMessages.sameSlot);
      // Availability is read in the transaction that moves, under the table-slots' locks; the unique index still guards.
      await lockChosenTables(tx, chosen, slot, reservationApiMessages.tableTaken);
      const free = new Set((await listAvailableTables(tx, to.date, to.time)).map((table) => table.id));
      if (!chosen.tableIds.every((tableId) => free.has(tableId))) throw conflict(reservationApiMessages.tableTaken);
      await moveReservation(tx, id, { ...slot, tableId: chosen.tableId, combinationId: chosen.combinationId });
      const from = { date: reservation.reservation_date, time: reservation.reservation_time, table_id: reservation.table_id };
      const moved = (await findReservation(tx, id))!;
      await recordHistory(tx, id, 'reschedule', `customer (${reservation.email})`, {
        via,
        from,
        to: { ...slot, table_id: chosen.tableId },
        tables: { from: tablesLabel(reservation.table_numbers), to: tablesLabel(moved.table_numbers) },
      });
      await offerFreedSlotLater(ctx, tx, from);
      return ctx.notices.queue(tx, rescheduleNotices(moved, { manageLink: signedLink(ctx.config.siteUrl, ctx.config.manageLinkSecret, 'reservation-manage', id) }, from));
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(reservationApiMessages.tableTaken);
    throw error;
  }
  await ctx.notices.deliverNow(noticeIds);
  return view(ctx.db, (await findReservation(ctx.db, id))!);
}
