import { feedbackSchema } from '@samgyup/shared/validation';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { parseInput } from '../../lib/parse-input';
import { replyFromCache } from '../../services/reply-from-cache';
import { listPublicFeedbackPage } from '../../repositories/feedback-repository';
import { feedbackApiMessages, postFeedback } from '../../services/feedback/feedback-service';
import { PUBLIC_REVIEWS_PAGE_SIZE } from '../../services/public-answer-cache';

// A cursor is the id of the last review of the page before, as the list gave it.
const pageQuery = z.object({
  cursor: z
    .string({ error: feedbackApiMessages.badCursor })
    .regex(/^[1-9]\d{0,9}$/, feedbackApiMessages.badCursor)
    .transform(Number)
    .refine((id) => id <= 2 ** 31 - 1, feedbackApiMessages.badCursor),
});

export default async function feedbackPublicRoutes(app: FastifyInstance) {
  // The newest page, which every visit reads, is revalidated every time so a new
  // review shows at once (unchanged, it costs a 304); older pages are read as asked.
  app.get('/api/feedback/public', (request, reply) => {
    if ((request.query as { cursor?: unknown }).cursor === undefined) {
      return replyFromCache(request, reply, { cache: app.reviewsCache, key: 'first page', cacheControl: 'no-cache' });
    }
    const { cursor } = parseInput(pageQuery, request.query);
    reply.header('cache-control', 'no-cache');
    return listPublicFeedbackPage(app.db, PUBLIC_REVIEWS_PAGE_SIZE, cursor).then((page) => ({ success: true, ...page }));
  });

  app.post('/api/feedback', async (request, reply) => {
    const principal = await app.authenticateCustomer(request);
    const input = parseInput(feedbackSchema, request.body);
    const created = await postFeedback(app, principal.id, input);
    reply.status(201);
    return { success: true, message: feedbackApiMessages.thanks, data: created };
  });
}
