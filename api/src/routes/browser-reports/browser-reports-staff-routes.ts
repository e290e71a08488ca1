import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { parseInput } from '../../lib/parse-input';
import { ADMINS, staffAccess, staffOf } from '../../plugins/staff-authorization';
import { endCanaryAsAdmin } from '../../services/release-health/canary-actions';
import { releaseHealthReport, releasesOverview } from '../../services/release-health/release-health';

const hoursMessage = 'Send hours as a whole number from 1 to 168 (a week).';
const canaryParams = z.object({
  part: z.string().regex(/^[A-Za-z][A-Za-z0-9_-]{0,63}$/, 'Name a part of the site, such as mfe_menus.'),
  action: z.enum(['promote', 'rollback'], { error: 'Say promote or rollback.' }),
});
const canaryBody = z.object({ version: z.string({ error: 'Send the version of the canary you mean.' }).min(1, 'Send the version of the canary you mean.').max(128) });
const healthQuery = z.object({ hours: z.coerce.number({ error: hoursMessage }).int(hoursMessage).min(1, hoursMessage).max(168, hoursMessage).default(6) });

/** Admins read how each release does in diners' browsers. */
export default async function browserReportsStaffRoutes(app: FastifyInstance) {
  app.get('/api/staff/release-health', staffAccess(ADMINS), async (request) => {
    const { hours } = parseInput(healthQuery, request.query);
    return { success: true, data: await releaseHealthReport(app, hours) };
  });
  app.get('/api/staff/releases', staffAccess(ADMINS), async () => ({ success: true, data: await releasesOverview(app) }));
  // The Releases screen's Promote and Roll back buttons: what the release commands do to a canary.
  app.post('/api/staff/releases/:part/canary/:action', staffAccess(ADMINS), async (request) => {
    const { part, action } = parseInput(canaryParams, request.params);
    const { version } = parseInput(canaryBody, request.body ?? {});
    return { success: true, message: await endCanaryAsAdmin(app, staffOf(request), part, version, action) };
  });
}
