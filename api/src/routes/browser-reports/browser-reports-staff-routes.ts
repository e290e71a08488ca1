import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { parseInput } from '../../lib/parse-input';
import { ADMINS, staffAccess } from '../../plugins/staff-authorization';
import { releaseHealthReport, releasesOverview } from '../../services/release-health/release-health';

const hoursMessage = 'Send hours as a whole number from 1 to 168 (a week).';
const healthQuery = z.object({ hours: z.coerce.number({ error: hoursMessage }).int(hoursMessage).min(1, hoursMessage).max(168, hoursMessage).default(6) });

/** Admins read how each release does in diners' browsers. */
export default async function browserReportsStaffRoutes(app: FastifyInstance) {
  app.get('/api/staff/release-health', staffAccess(ADMINS), async (request) => {
    const { hours } = parseInput(healthQuery, request.query);
    return { success: true, data: await releaseHealthReport(app, hours) };
  });
  app.get('/api/staff/releases', staffAccess(ADMINS), async () => ({ success: true, data: await releasesOverview(app) }));
}
