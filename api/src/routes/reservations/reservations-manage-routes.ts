import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { idFromLinkToken } from '../../lib/link-token';
import { parseInput } from '../../lib/parse-input';
import { rowIdField } from '../../lib/row-id-params';
import { cancelByDiner, manageMessages, moveByDiner, viewManagedReservation } from '../../services/reservations/manage-reservation';
import { reservationApiMessages } from '../../services/reservations/reservation-messages';
import { slotDateField, slotTimeField } from '../../services/reservations/slot-fields';

const rescheduleBody = z.object({
  reservation_date: slotDateField,
  reservation_time: slotTimeField,
  table_id: rowIdField(reservationApiMessages.tableUnknown).optional(),
  combination_id: rowIdField(reservationApiMessages.combinationUnknown).optional(),
});

/**
 * The manage link from a reservation message: view, cancel and move one
 * reservation without logging in. The token is the key (an HMAC of the
 * reservation id); it stops working when the visit is over.
 */
export default async function reservationsManageRoutes(app: FastifyInstance) {
  const reservationIdFrom = (request: FastifyRequest) => idFromLinkToken(request, app.config.manageLinkSecret, 'reservation-manage', manageMessages.badLink);

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
    const data = await moveByDiner(app, id, {
      date: input.reservation_date,
      time: input.reservation_time,
      tableId: input.table_id,
      combinationId: input.combination_id,
    });
    return { success: true, message: manageMessages.moved, data };
  });
}
