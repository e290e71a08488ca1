import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { idFromLinkToken } from '../../lib/link-token';
import { notFound } from '../../lib/http-error';
import { parseInput } from '../../lib/parse-input';
import { rowIdField, rowIdParams } from '../../lib/row-id-params';
import { findReservation } from '../../repositories/reservations-repository';
import { cancelByDiner, manageMessages, moveByDiner, viewManagedReservation } from '../../services/reservations/manage-reservation';
import { reservationApiMessages } from '../../services/reservations/reservation-messages';
import { slotDateField, slotTimeField } from '../../services/reservations/slot-fields';

const rescheduleBody = z.object({
  reservation_date: slotDateField,
  reservation_time: slotTimeField,
  table_id: rowIdField(reservationApiMessages.tableUnknown).optional(),
  combination_id: rowIdField(reservationApiMessages.combinationUnknown).optional(),
});

const ownIdParams = rowIdParams(reservationApiMessages.notFound);
const rescheduleTo = (input: z.infer<typeof rescheduleBody>) => ({
  date: input.reservation_date,
  time: input.reservation_time,
  tableId: input.table_id,
  combinationId: input.combination_id,
});

/**
 * The manage link from a reservation message: view, cancel and move one
 * reservation without logging in. The token is the key (an HMAC of the
 * reservation id); it stops working when the visit is over. A logged-in diner
 * does the same from My reservations for a reservation their account owns,
 * through the same service and rules.
 */
export default async function reservationsManageRoutes(app: FastifyInstance) {
  const reservationIdFrom = (request: FastifyRequest) => idFromLinkToken(request, app.config.manageLinkSecret, 'reservation-manage', manageMessages.badLink);
  /** The id of a reservation the logged-in diner owns; 404 for anyone else's, so ids reveal nothing. */
  async function ownReservationId(request: FastifyRequest): Promise<number> {
    const principal = await app.authenticateCustomer(request);
    const { id } = parseInput(ownIdParams, request.params);
    const reservation = await findReservation(app.db, id);
    if (!reservation || reservation.customer_id !== principal.id) throw notFound(reservationApiMessages.notFound);
    return id;
  }

  app.get('/api/reservations/manage/:token', async (request, reply) => {
    const data = await viewManagedReservation(app, reservationIdFrom(request));
    reply.header('Cache-Control', 'private, no-store');
    return { success: true, data };
  });

  app.post('/api/reservations/manage/:token/cancel', async (request) => {
    const data = await cancelByDiner(app, reservationIdFrom(request));
    return { success: true, message: manageMessages.cancelled, data };
  });

  app.post('/api/reservations/manage/:token/reschedule', async (request) => {
    const id = reservationIdFrom(request);
    const input = parseInput(rescheduleBody, request.body);
    const data = await moveByDiner(app, id, rescheduleTo(input));
    return { success: true, message: manageMessages.moved, data };
  });

  app.get('/api/reservations/:id/manage', async (request, reply) => {
    const data = await viewManagedReservation(app, await ownReservationId(request), 'my reservations');
    reply.header('Cache-Control', 'private, no-store');
    return { success: true, data };
  });

  app.post('/api/reservations/:id/cancel', async (request) => {
    const data = await cancelByDiner(app, await ownReservationId(request), 'my reservations');
    return { success: true, message: manageMessages.cancelled, data };
  });

  app.post('/api/reservations/:id/reschedule', async (request) => {
    const id = await ownReservationId(request);
    const input = parseInput(rescheduleBody, request.body);
    const data = await moveByDiner(app, id, rescheduleTo(input), 'my reservations');
    return { success: true, message: manageMessages.moved, data };
  });
}
