import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { parseInput } from '../../lib/parse-input';
import { rowIdParams } from '../../lib/row-id-params';
import { listNotices } from '../../repositories/notices-repository';
import { noticeMessages, retryFailedNotice } from '../../services/notices/notices-service';
import { EVERY_STAFF, staffAccess, staffOf } from '../../plugins/staff-authorization';

const listQuery = z.object({
  status: z.enum(['queued', 'sent', 'failed'], { error: noticeMessages.badStatus }).default('failed'),
  limit: z.coerce.number({ error: noticeMessages.badLimit }).int(noticeMessages.badLimit).min(1, noticeMessages.badLimit).max(200, noticeMessages.badLimit).default(50),
});
const idParams = rowIdParams(noticeMessages.notFound);

/** Staff see the messages the site sends (failed ones first of all) and send a failed one again. */
export default async function noticesStaffRoutes(app: FastifyInstance) {
  app.get('/api/staff/notices', staffAccess(EVERY_STAFF), async (request) => {
    const { status, limit } = parseInput(listQuery, request.query);
    return { success: true, data: await listNotices(app.db, status, limit) };
  });

  app.post('/api/staff/notices/:id/retry', staffAccess(EVERY_STAFF), async (request) => {
    const staff = staffOf(request);
    const { id } = parseInput(idParams, request.params);
    await retryFailedNotice(app, staff, id);
    return { success: true, message: noticeMessages.retried(id) };
  });
}
