import { reviewResponseSchema } from '@samgyup/shared/validation';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { notFound } from '../../lib/http-error';
import { parseInput } from '../../lib/parse-input';
import { rowIdParams } from '../../lib/row-id-params';
import { listAllFeedback, setFeedbackPublished, setFeedbackResponse } from '../../repositories/feedback-repository';
import { EVERY_STAFF, staffAccess, staffOf } from '../../plugins/staff-authorization';

const idParams = rowIdParams('Review not found.');
const visibilityBody = z.object({ is_published: z.boolean({ error: 'Send is_published as true or false.' }) });

/** Staff answer reviews (the answer shows under the review on /feedback) and hide or show them. */
export default async function feedbackStaffRoutes(app: FastifyInstance) {
  app.get('/api/staff/feedback', staffAccess(EVERY_STAFF), async () => {
    return { success: true, data: await listAllFeedback(app.db) };
  });

  app.put('/api/staff/feedback/:id/response', staffAccess(EVERY_STAFF), async (request) => {
    const staff = staffOf(request);
    const { id } = parseInput(idParams, request.params);
    const { response } = parseInput(reviewResponseSchema, request.body);
    if (!(await setFeedbackResponse(app.db, id, response || null, staff.email))) throw notFound('Review not found.');
    await app.publicListChanged('reviews');
    return { success: true, message: response ? 'Response saved. It shows under the review.' : 'Response removed.' };
  });

  app.patch('/api/staff/feedback/:id', staffAccess(EVERY_STAFF), async (request) => {
    const staff = staffOf(request);
    const { id } = parseInput(idParams, request.params);
    const { is_published } = parseInput(visibilityBody, request.body);
    if (!(await setFeedbackPublished(app.db, id, is_published, staff.email))) throw notFound('Review not found.');
    await app.publicListChanged('reviews');
    return { success: true, message: is_published ? 'The review is shown again.' : 'The review is hidden.' };
  });
}
