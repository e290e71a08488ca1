import { parseIsoDate, restaurantToday } from '@samgyup/shared/reservation';
import { declineSchema } from '@samgyup/shared/validation';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { conflict, notFound } from '../../lib/http-error';
import { parseInput } from '../../lib/parse-input';
import { recordAudit } from '../../repositories/audit-log-repository';
import { publishLiveEvents } from '../../repositories/live-events-repository';
import { decideReservation, findReservation, listCustomerRecord, listReservationsBetween, markNoShow } from '../../repositories/reservations-repository';
import { listHistory, recordHistory } from '../../repositories/reservation-history-repository';
import { slotStart } from '../../services/booking-rules';
import { signedLink } from '../../services/signed-links';
import { confirmationNotices, declineNotices } from '../../services/reservation-notices';
import { offerFreedSlotLater } from '../../services/waitlist';

const isoDate = z.string().refine((value) => parseIsoDate(value) !== null, 'Use real dates as YYYY-MM-DD.');
const rangeQuery = z.object({ from: isoDate.optional(), to: isoDate.optional() });
const idParams = z.object({ id: z.coerce.number().int().positive('Reservation not found.').max(2 ** 31 - 1, 'Reservation not found.') });

const addDays = (date: string, days: number) => {
  const [year, month, day] = date.split('-').map(Number);
  return new Date(Date.UTC(year, month - 1, day + days)).toISOString().slice(0, 10);
};

/** Staff decide reservations; the customer hears about it (docs/decisions.md 12, 13). */
export default async function reservationsStaffRoutes(app: FastifyInstance) {
  app.get('/api/staff/reservations', async (request) => {
    await app.authenticateStaff(request);
    const query = parseInput(rangeQuery, request.query);
    const from = query.from ?? restaurantToday();
    const to = query.to ?? addDays(from, 30);
    return { success: true, data: await listReservationsBetween(app.db, from, to) };
  });

  async function decide(
    request: Parameters<typeof app.authenticateStaff>[0],
    decision: { status: 'confirmed' | 'declined'; paymentStatus: 'paid' | 'rejected'; reason: string | null },
  ) {
    const staff = await app.authenticateStaff(request);
    const { id } = parseInput(idParams, request.params);
    const before = await findReservation(app.db, id);
    if (!before) throw notFound('Reservation not found.');
    // The decision, its audit entry and the customer's notices commit together.
    const noticeIds = await app.db.transaction(async (tx) => {
      const decided = await decideReservation(tx, id, { ...decision, by: staff.email });
      if (!decided) return null;
      const action = decision.status === 'confirmed' ? 'reservation.confirm' : 'reservation.decline';
      await recordAudit(tx, staff, action, `Reservation #${id}`, decision.reason ? { reason: decision.reason } : {});
      await publishLiveEvents(tx, [{ audience: 'staff', kind: 'reservation.decided', data: { id, status: decision.status } }]);
      const decidedNow = (await findReservation(tx, id))!;
      if (decision.status === 'declined') await offerFreedSlotLater(app, tx, { date: decidedNow.reservation_date, time: decidedNow.reservation_time });
      const link = signedLink(app.config.siteUrl, app.config.manageLinkSecret, 'reservation-manage', id);
      return app.notices.queue(tx, decision.status === 'confirmed' ? confirmationNotices(decidedNow, { manageLink: link }) : declineNotices(decidedNow));
    });
    const after = (await findReservation(app.db, id))!;
    if (!noticeIds) {
      throw conflict(`This reservation was already ${after.status}${after.decided_by ? ` by ${after.decided_by}` : ''}.`);
    }
    // A message that fails now is retried by the job queue; staff see it if it never goes.
    await app.notices.deliverNow(noticeIds);
    return after;
  }

  app.post('/api/staff/reservations/:id/confirm', async (request) => {
    const data = await decide(request, { status: 'confirmed', paymentStatus: 'paid', reason: null });
    return { success: true, message: `Reservation #${data.id} is confirmed. We told ${data.customer_name}.`, data };
  });

  app.post('/api/staff/reservations/:id/decline', async (request) => {
    const { reason } = parseInput(declineSchema, request.body);
    const data = await decide(request, { status: 'declined', paymentStatus: 'rejected', reason });
    return { success: true, message: `Reservation #${data.id} is declined. We told ${data.customer_name}.`, data };
  });

  app.get('/api/staff/reservations/:id/history', async (request) => {
    await app.authenticateStaff(request);
    const { id } = parseInput(idParams, request.params);
    if (!(await findReservation(app.db, id))) throw notFound('Reservation not found.');
    return { success: true, data: await listHistory(app.db, id) };
  });

  app.post('/api/staff/reservations/:id/no-show', async (request) => {
    const staff = await app.authenticateStaff(request);
    const { id } = parseInput(idParams, request.params);
    const reservation = await findReservation(app.db, id);
    if (!reservation) throw notFound('Reservation not found.');
    if (reservation.status !== 'confirmed') throw conflict('Only a confirmed reservation can be marked as a no-show.');
    if (slotStart(reservation.reservation_date, reservation.reservation_time) > new Date()) {
      throw conflict('A reservation can be marked as a no-show only after its slot has started.');
    }
    const marked = await app.db.transaction(async (tx) => {
      if (!(await markNoShow(tx, id, staff.email))) return false;
      await recordHistory(tx, id, 'no_show', `staff (${staff.email})`);
      await recordAudit(tx, staff, 'reservation.no-show', `Reservation #${id}`);
      return true;
    });
    if (!marked) throw conflict('Only a confirmed reservation can be marked as a no-show.');
    return { success: true, message: `Reservation #${id} is marked as a no-show.`, data: await findReservation(app.db, id) };
  });

  // The customer's record with the restaurant, next to one of their reservations: how their other visits ended.
  app.get('/api/staff/reservations/:id/customer-record', async (request) => {
    await app.authenticateStaff(request);
    const { id } = parseInput(idParams, request.params);
    const reservation = await findReservation(app.db, id);
    if (!reservation) throw notFound('Reservation not found.');
    const reservations = await listCustomerRecord(app.db, reservation.customer_id);
    return { success: true, data: { no_shows: reservations.filter((row) => row.status === 'no_show').length, reservations } };
  });
}
