import type { FastifyInstance } from 'fastify';
import { tablesLabel } from '@samgyup/shared/reservation';
import { extendSessionSchema } from '@samgyup/shared/validation';
import { z } from 'zod';
import { parseInput } from '../../lib/parse-input';
import { rowIdParams } from '../../lib/row-id-params';
import { listOpenSessions } from '../../repositories/dining-repository';
import { closeDiningSession, extendDiningSession, SESSION_NOT_FOUND } from '../../services/dining-sessions/dining-sessions-service';
import { seatParty } from '../../services/reservations/seat-party';
import { EVERY_STAFF, staffAccess, staffOf } from '../../plugins/staff-authorization';

const MAX_DURATION_SEC = 6 * 3600;

const tableNumber = z.coerce.number({ error: 'Choose a table number.' }).int('Choose a table number.').positive('Choose a table number.');
const openBody = z.object({
  table_number: tableNumber.optional(),
  // Seating a reservation: its table, and the session remembers it.
  reservation_id: z.coerce
    .number({ error: 'Reservation not found.' })
    .int('Reservation not found.')
    .positive('Reservation not found.')
    .max(2147483647, 'Reservation not found.')
    .optional(),
  duration_sec: z.coerce
    .number()
    .int('The dining time is a whole number of seconds.')
    .min(1, 'The dining time must be at least 1 second.')
    .max(MAX_DURATION_SEC, 'The dining time can be at most 6 hours.')
    .optional(),
});
const idParams = rowIdParams(SESSION_NOT_FOUND);

/**
 * Staff open a dining session for a seated table (a walk-in, or a confirmed
 * reservation of today) and hand the party its code; they close it when the
 * party leaves.
 */
export default async function diningSessionsStaffRoutes(app: FastifyInstance) {
  app.get('/api/staff/dining-sessions', staffAccess(EVERY_STAFF), async () => {
    return { success: true, data: await listOpenSessions(app.db) };
  });

  app.post('/api/staff/dining-sessions', staffAccess(EVERY_STAFF), async (request, reply) => {
    const staff = staffOf(request);
    const { reservation_id, duration_sec, table_number } = parseInput(openBody, request.body);
    const { session, reservation, tableNumber } = await seatParty(app, staff, { reservationId: reservation_id, tableNumber: table_number, durationSec: duration_sec });
    reply.status(201);
    // "at table 7", or "at tables 7 + 8" for a group on joined tables.
    const seated = reservation ? `${reservation.customer_name}'s party is seated at ${tablesLabel(session.table_numbers).toLowerCase()}` : `Table ${tableNumber} is open`;
    return { success: true, message: `${seated}. Its code is ${session.table_code}.`, data: session };
  });

  app.post('/api/staff/dining-sessions/:id/close', staffAccess(EVERY_STAFF), async (request) => {
    const staff = staffOf(request);
    const { id } = parseInput(idParams, request.params);
    const session = await closeDiningSession(app, staff, id);
    // "Table 7 is closed.", or every table of a group's joined booking: "Tables 7 + 8 are closed."
    const closed = session.table_numbers.length > 1 ? `${tablesLabel(session.table_numbers)} are closed.` : `Table ${session.table_number} is closed.`;
    return { success: true, message: closed, data: session };
  });

  app.post('/api/staff/dining-sessions/:id/extend', staffAccess(EVERY_STAFF), async (request) => {
    const { id } = parseInput(idParams, request.params);
    const { minutes } = parseInput(extendSessionSchema, request.body);
    const extended = await extendDiningSession(app, id, minutes);
    const more =
      extended.table_numbers.length > 1 ? `${tablesLabel(extended.table_numbers)} have ${minutes} more minutes.` : `Table ${extended.table_number} has ${minutes} more minutes.`;
    return { success: true, message: more, data: extended };
  });
}
