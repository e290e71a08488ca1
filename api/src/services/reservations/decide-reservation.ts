import { conflict, notFound } from '../../lib/http-error';
import { signedLink } from '../../lib/signed-links';
import type { Principal } from '../../plugins/auth';
import { recordAudit } from '../../repositories/audit-log-repository';
import { publishLiveEvents } from '../../repositories/live-events-repository';
import { recordHistory } from '../../repositories/reservation-history-repository';
import { decideReservation, findReservation, markNoShow, type Reservation } from '../../repositories/reservations-repository';
import { confirmationNotices, declineNotices } from '../notices/reservation-notices';
import { refundOnDecline, sendRefunds } from '../payments/payments-service';
import type { ServiceContext } from '../service-context';
import { offerFreedSlotLater } from '../waitlist/waitlist-service';
import { slotStart } from './booking-rules';

export type StaffDecision = { status: 'confirmed'; paymentStatus: 'paid'; reason: null } | { status: 'declined'; paymentStatus: 'rejected'; reason: string | null };

/**
 * Staff confirm or decline a pending reservation: the decision, its audit
 * entry, the console's live event and the customer's notices commit together;
 * a declined booking's table-slot goes to the waitlist and a down payment it
 * paid online goes back. Two staff deciding at
 * once: the second hears who was first.
 */
export async function decideByStaff(ctx: ServiceContext, staff: Principal, id: number, decision: StaffDecision): Promise<Reservation> {
  const before = await findReservation(ctx.db, id);
  if (!before) throw notFound('Reservation not found.');
  const decidedIds = await ctx.db.transaction(async (tx) => {
    const decided = await decideReservation(tx, id, { ...decision, by: staff.email });
    if (!decided) return null;
    const refundIds = decision.status === 'declined' ? await refundOnDecline(ctx, tx, before, staff.email) : [];
    const action = decision.status === 'confirmed' ? 'reservation.confirm' : 'reservation.decline';
    await recordAudit(tx, staff, action, `Reservation #${id}`, decision.reason ? { reason: decision.reason } : {});
    await publishLiveEvents(tx, [{ audience: 'staff', kind: 'reservation.decided', data: { id, status: decision.status } }]);
    const decidedNow = (await findReservation(tx, id))!;
    if (decision.status === 'declined') await offerFreedSlotLater(ctx, tx, { date: decidedNow.reservation_date, time: decidedNow.reservation_time });
    const link = signedLink(ctx.config.siteUrl, ctx.config.manageLinkSecret, 'reservation-manage', id);
    const noticeIds = await ctx.notices.queue(tx, decision.status === 'confirmed' ? confirmationNotices(decidedNow, { manageLink: link }) : declineNotices(decidedNow));
    return { noticeIds, refundIds };
  });
  const after = (await findReservation(ctx.db, id))!;
  if (!decidedIds) {
    throw conflict(`This reservation was already ${after.status}${after.decided_by ? ` by ${after.decided_by}` : ''}.`);
  }
  // A message that fails now is retried by the job queue; staff see it if it never goes.
  await ctx.notices.deliverNow(decidedIds.noticeIds);
  await sendRefunds(ctx, decidedIds.refundIds);
  return after;
}

const NO_SHOW_CONFIRMED_ONLY = 'Only a confirmed reservation can be marked as a no-show.';

/** Staff mark a confirmed reservation whose slot has started and whose party never came. */
export async function markNoShowByStaff(ctx: ServiceContext, staff: Principal, id: number): Promise<Reservation> {
  const reservation = await findReservation(ctx.db, id);
  if (!reservation) throw notFound('Reservation not found.');
  if (reservation.status !== 'confirmed') throw conflict(NO_SHOW_CONFIRMED_ONLY);
  if (slotStart(reservation.reservation_date, reservation.reservation_time) > new Date()) {
    throw conflict('A reservation can be marked as a no-show only after its slot has started.');
  }
  const marked = await ctx.db.transaction(async (tx) => {
    if (!(await markNoShow(tx, id, staff.email))) return false;
    await recordHistory(tx, id, 'no_show', `staff (${staff.email})`);
    await recordAudit(tx, staff, 'reservation.no-show', `Reservation #${id}`);
    return true;
  });
  if (!marked) throw conflict(NO_SHOW_CONFIRMED_ONLY);
  return (await findReservation(ctx.db, id))!;
}
