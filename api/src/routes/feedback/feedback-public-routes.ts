import { REVIEWS_PER_CUSTOMER_PER_DAY } from '@samgyup/shared/constants';
import { feedbackSchema } from '@samgyup/shared/validation';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { HttpError, unauthorized } from '../../lib/http-error';
import { parseInput } from '../../lib/parse-input';
import { replyFromCache } from '../../services/reply-from-cache';
import { findCustomerById, lockCustomer } from '../../repositories/customers-repository';
import { countRecentFeedback, insertFeedback, listPublicFeedbackPage } from '../../repositories/feedback-repository';
import { PUBLIC_REVIEWS_PAGE_SIZE } from '../../services/public-answer-cache';

export const feedbackApiMessages = {
  thanks: 'Thank you for your feedback!',
  tooMany: `You can post up to ${REVIEWS_PER_CUSTOMER_PER_DAY} reviews a day. Please try again tomorrow.`,
  accountGone: 'Your account could not be found. Please log in again.',
  badCursor: 'That page of reviews does not exist. Please reload the reviews.',
} as const;

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
    const created = await app.db.transaction(async (tx) => {
      // The row lock makes the daily count exact under parallel posts.
      await lockCustomer(tx, principal.id);
      const customer = await findCustomerById(tx, principal.id);
      if (!customer || !customer.is_active) throw unauthorized(feedbackApiMessages.accountGone);
      if ((await countRecentFeedback(tx, customer.id)) >= REVIEWS_PER_CUSTOMER_PER_DAY) {
        throw new HttpError(429, feedbackApiMessages.tooMany);
      }
      return insertFeedback(tx, {
        customer_id: customer.id,
        customer_name: `${customer.first_name} ${customer.last_name}`.trim(),
        email: customer.email,
        rating: input.rating,
        feedback_text: input.feedback_text,
      });
    });
    await app.publicListChanged('reviews');
    reply.status(201);
    return { success: true, message: feedbackApiMessages.thanks, data: created };
  });
}
