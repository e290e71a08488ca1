import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { unauthorized } from '../../lib/http-error';
import { parseInput } from '../../lib/parse-input';
import { STREAM_TICKET_TTL_SECONDS } from '../../plugins/auth';
import { resumeFrom, resumeQuery } from '../../lib/resume-from';
import { EVERY_STAFF, staffAccess, staffOf } from '../../plugins/staff-authorization';

const staffQuery = resumeQuery.extend({ ticket: z.string({ error: 'Ask for a live-updates ticket first.' }).max(1000, 'Ask for a live-updates ticket first.') });

/**
 * Live updates for staff as Server-Sent Events: new reservations, proofs and
 * refill requests and their moves, after a staff login (a browser's
 * EventSource sends no Authorization header, so the console trades its login
 * for a one-minute ticket and puts that in the stream's address). A table's
 * own stream is in tables/tables-public-routes.ts.
 */
export default async function liveStaffRoutes(app: FastifyInstance) {
  app.post('/api/staff/live/ticket', staffAccess(EVERY_STAFF), async (request) => {
    const staff = staffOf(request);
    return { success: true, ticket: app.issueStreamTicket(staff), expires_in: STREAM_TICKET_TTL_SECONDS };
  });

  app.get('/api/staff/live', staffAccess('stream-ticket'), async (request, reply) => {
    const query = parseInput(staffQuery, request.query);
    if (!query.ticket) throw unauthorized('Ask for a live-updates ticket first.');
    const lastEventId = resumeFrom(request, query);
    const staff = await app.authenticateStreamTicket(query.ticket);
    await app.liveStreams.open(request, reply, {
      audiences: ['staff'],
      lastEventId,
      holder: `staff:${staff.id}`,
      ticket: query.ticket,
      authorize: async () => void (await app.authenticateStreamTicket(query.ticket)),
    });
  });
}
