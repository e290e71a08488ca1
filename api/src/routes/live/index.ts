import { tableCodeField } from '@samgyup/shared/validation';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { badRequest, notFound, unauthorized } from '../../lib/http-error';
import { parseInput } from '../../lib/parse-input';
import { STREAM_TICKET_TTL_SECONDS } from '../../plugins/auth';
import { findSessionByCode } from '../../repositories/dining-repository';
import { liveMessages } from '../../services/live-events';
import { refillApiMessages } from '../refill';

const EVENT_ID = /^\d{1,18}$/;
const resumeQuery = z.object({ last_event_id: z.string().optional() });
const staffQuery = resumeQuery.extend({ ticket: z.string({ error: 'Ask for a live-updates ticket first.' }).max(1000, 'Ask for a live-updates ticket first.') });
const codeParams = z.object({ code: tableCodeField });

/**
 * Where to resume: the browser's Last-Event-ID when it reconnects by itself, or
 * `last_event_id` when the page opens a new stream after one ended.
 */
function resumeFrom(request: FastifyRequest, query: { last_event_id?: string }): string | null {
  const header = request.headers['last-event-id'];
  const value = typeof header === 'string' && header !== '' ? header : query.last_event_id;
  if (value === undefined || value === '') return null;
  if (!EVENT_ID.test(value)) throw badRequest(liveMessages.badLastEventId);
  return value;
}

/**
 * Live updates as Server-Sent Events. Staff: new reservations, proofs and
 * refill requests and their moves, after a staff login (a browser's
 * EventSource sends no Authorization header, so the console trades its login
 * for a one-minute ticket and puts that in the stream's address). A table: its
 * own refill requests' status, by its code, as the refill routes are.
 */
export default async function liveRoutes(app: FastifyInstance) {
  app.post('/api/staff/live/ticket', async (request) => {
    const staff = await app.authenticateStaff(request);
    return { success: true, ticket: app.issueStreamTicket(staff), expires_in: STREAM_TICKET_TTL_SECONDS };
  });

  app.get('/api/staff/live', async (request, reply) => {
    const query = parseInput(staffQuery, request.query);
    if (!query.ticket) throw unauthorized('Ask for a live-updates ticket first.');
    const lastEventId = resumeFrom(request, query);
    await app.authenticateStreamTicket(query.ticket);
    await app.liveStreams.open(request, reply, ['staff'], lastEventId);
  });

  app.get('/api/tables/:code/live', async (request, reply) => {
    const { code } = parseInput(codeParams, request.params);
    const lastEventId = resumeFrom(request, parseInput(resumeQuery, request.query));
    const session = await findSessionByCode(app.db, code);
    if (!session) throw notFound(refillApiMessages.invalidCode);
    await app.liveStreams.open(request, reply, [`table:${session.id}`], lastEventId);
  });
}
