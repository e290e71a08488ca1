import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { conflict, notFound } from '../../lib/http-error';
import { parseInput } from '../../lib/parse-input';
import { recordAudit } from '../../repositories/audit-log-repository';
import { listNotices, requeueFailedNotice } from '../../repositories/notices-repository';
import { EVERY_STAFF, staffAccess, staffOf } from '../../plugins/staff-authorization';

const noticeMessages = {
  badStatus: 'Send status as queued, sent or failed.',
  badLimit: 'Send limit as a number from 1 to 200.',
  notFound: 'Notice not found.',
  notFailed: 'This notice has not failed: only failed notices can be sent again.',
  retried: (id: number) => `Notice #${id} is queued again.`,
} as const;

const listQuery = z.object({
  status: z.enum(['queued', 'sent', 'failed'], { error: noticeMessages.badStatus }).default('failed'),
  limit: z.coerce.number({ error: noticeMessages.badLimit }).int(noticeMessages.badLimit).min(1, noticeMessages.badLimit).max(200, noticeMessages.badLimit).default(50),
});
const idParams = z.object({
  id: z.coerce
    .number({ error: noticeMessages.notFound })
    .int(noticeMessages.notFound)
    .positive(noticeMessages.notFound)
    .max(2 ** 31 - 1, noticeMessages.notFound),
});

/** Staff see the messages the site sends (failed ones first of all) and send a failed one again. */
export default async function noticesStaffRoutes(app: FastifyInstance) {
  app.get('/api/staff/notices', staffAccess(EVERY_STAFF), async (request) => {
    const { status, limit } = parseInput(listQuery, request.query);
    return { success: true, data: await listNotices(app.db, status, limit) };
  });

  app.post('/api/staff/notices/:id/retry', staffAccess(EVERY_STAFF), async (request) => {
    const staff = staffOf(request);
    const { id } = parseInput(idParams, request.params);
    const outcome = await app.db.transaction(async (tx) => {
      const requeued = await requeueFailedNotice(tx, id);
      if (requeued !== 'requeued') return requeued;
      await app.jobs.send(tx, 'send-notice', { noticeId: id });
      await recordAudit(tx, staff, 'notice.retry', `Notice #${id}`);
      return requeued;
    });
    if (outcome === 'missing') throw notFound(noticeMessages.notFound);
    if (outcome === 'not-failed') throw conflict(noticeMessages.notFailed);
    await app.notices.deliverNow([id]);
    return { success: true, message: noticeMessages.retried(id) };
  });
}
