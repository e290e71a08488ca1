import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { badRequest } from './http-error';

const EVENT_ID = /^\d{1,18}$/;

export const badLastEventIdMessage = 'Last-Event-ID must be the id of an event this stream sent.';

/** The query every live stream takes: where to resume after a stream that ended. */
export const resumeQuery = z.object({ last_event_id: z.string().optional() });

/**
 * Where to resume: the browser's Last-Event-ID when it reconnects by itself, or
 * `last_event_id` when the page opens a new stream after one ended.
 */
export function resumeFrom(request: FastifyRequest, query: { last_event_id?: string }): string | null {
  const header = request.headers['last-event-id'];
  const value = typeof header === 'string' && header !== '' ? header : query.last_event_id;
  if (value === undefined || value === '') return null;
  if (!EVENT_ID.test(value)) throw badRequest(badLastEventIdMessage);
  return value;
}
