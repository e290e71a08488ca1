import type { FastifyInstance } from 'fastify';
import { HttpError } from '../../lib/http-error';
import { browserReportBatch, browserReportMessages, createAddressLimiter } from '../../services/release-health/browser-reports';

/** A batch of 50 events is about 6 KB; anything much larger is not a report. */
const REPORT_BODY_LIMIT = 16 * 1024;

/**
 * Where browsers send what they saw of each release (navigator.sendBeacon, so a
 * text/plain body holding JSON as well as application/json). Answers 204 and
 * never makes a diner's page wait: the counts are written in the background.
 */
export default async function browserReportsPublicRoutes(app: FastifyInstance) {
  const allowed = createAddressLimiter(app.config.browserReportsPerMinute);
  app.post('/api/browser-reports', { bodyLimit: REPORT_BODY_LIMIT }, async (request, reply) => {
    if (!allowed(request.ip)) throw new HttpError(429, browserReportMessages.tooMany);
    let body: unknown = request.body;
    if (typeof body === 'string') {
      try {
        body = JSON.parse(body);
      } catch {
        throw new HttpError(400, browserReportMessages.invalid);
      }
    }
    // One message for any malformed report: the sender is our own shell, and its team reads this.
    const batch = browserReportBatch.safeParse(body);
    if (!batch.success) throw new HttpError(400, browserReportMessages.invalid);
    app.browserReports.add(batch.data);
    return reply.code(204).send();
  });
}
