import { parseIsoDate } from '@samgyup/shared/reservation';
import { declineSchema } from '@samgyup/shared/validation';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { notFound } from '../../lib/http-error';
import { parseInput } from '../../lib/parse-input';
import { rowIdParams } from '../../lib/row-id-params';
import { findReservation, listCustomerRecord } from '../../repositories/reservations-repository';
import { listHistory } from '../../repositories/reservation-history-repository';
import { decideByStaff, markNoShowByStaff } from '../../services/reservations/decide-reservation';
import { listForStaff } from '../../services/reservations/staff-reservation-list';
import { EVERY_STAFF, staffAccess, staffOf } from '../../plugins/staff-authorization';
import { withLivePosition } from '../../services/live-events';

const isoDate = z.string().refine((value) => parseIsoDate(value) !== null, 'Use real dates as YYYY-MM-DD.');
const STATUSES = ['pending', 'confirmed', 'declined', 'cancelled', 'no_show'] as const;
const listQuery = z
  .object({
    from: isoDate.optional(),
    to: isoDate.optional(),
    // status=pending or status=cancelled,declined
    status: z
      .string()
      .transform((value) => value.split(',').filter(Boolean))
      .pipe(z.array(z.enum(STATUSES, { message: `Filter by status with ${STATUSES.join(', ')} (several separated by commas).` })))
      .optional(),
    q: z.string().trim().max(100, 'Search with at most 100 characters.').optional(),
  })
  .refine((query) => !query.from || !query.to || query.from <= query.to, 'The first date must not be after the last.');
const idParams = rowIdParams('Reservation not found.');

/** Staff decide reservations; the customer hears about it (docs/decisions.md 12, 13). */
export default async function reservationsStaffRoutes(app: FastifyInstance) {
  app.get('/api/staff/reservations', staffAccess(EVERY_STAFF), async (request) => {
    const { status, ...query } = parseInput(listQuery, request.query);
    return withLivePosition(app, () => listForStaff(app.db, { ...query, statuses: status }));
  });

  app.post('/api/staff/reservations/:id/confirm', staffAccess(EVERY_STAFF), async (request) => {
    const staff = staffOf(request);
    const { id } = parseInput(idParams, request.params);
    const data = await decideByStaff(app, staff, id, { status: 'confirmed', paymentStatus: 'paid', reason: null });
    return { success: true, message: `Reservation #${data.id} is confirmed. We told ${data.customer_name}.`, data };
  });

  app.post('/api/staff/reservations/:id/decline', staffAccess(EVERY_STAFF), async (request) => {
    const staff = staffOf(request);
    const { id } = parseInput(idParams, request.params);
    const { reason } = parseInput(declineSchema, request.body);
    const data = await decideByStaff(app, staff, id, { status: 'declined', paymentStatus: 'rejected', reason });
    return { success: true, message: `Reservation #${data.id} is declined. We told ${data.customer_name}.`, data };
  });

  app.get('/api/staff/reservations/:id/history', staffAccess(EVERY_STAFF), async (request) => {
    const { id } = parseInput(idParams, request.params);
    if (!(await findReservation(app.db, id))) throw notFound('Reservation not found.');
    return { success: true, data: await listHistory(app.db, id) };
  });

  app.post('/api/staff/reservations/:id/no-show', staffAccess(EVERY_STAFF), async (request) => {
    const staff = staffOf(request);
    const { id } = parseInput(idParams, request.params);
    const data = await markNoShowByStaff(app, staff, id);
    return { success: true, message: `Reservation #${id} is marked as a no-show.`, data };
  });

  // The customer's record with the restaurant, next to one of their reservations: how their other visits ended.
  app.get('/api/staff/reservations/:id/customer-record', staffAccess(EVERY_STAFF), async (request) => {
    const { id } = parseInput(idParams, request.params);
    const reservation = await findReservation(app.db, id);
    if (!reservation) throw notFound('Reservation not found.');
    const reservations = await listCustomerRecord(app.db, reservation.customer_id);
    return { success: true, data: { no_shows: reservations.filter((row) => row.status === 'no_show').length, reservations } };
  });
}
