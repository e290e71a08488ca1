import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { parseInput } from '../../lib/parse-input';
import { listAuditEntries } from '../../repositories/audit-log-repository';
import { ADMINS, staffAccess } from '../../plugins/staff-authorization';

const auditQuery = z.object({
  before: z.coerce.number({ error: 'Send before as an entry number.' }).int('Send before as an entry number.').positive('Send before as an entry number.').optional(),
  limit: z.coerce
    .number({ error: 'Send limit as a number from 1 to 100.' })
    .int('Send limit as a number from 1 to 100.')
    .min(1, 'Send limit as a number from 1 to 100.')
    .max(100, 'Send limit as a number from 1 to 100.')
    .default(50),
  resource: z
    .string()
    .regex(/^[a-z][a-z-]{0,39}$/, 'Send resource as a name like menu-item or reservation.')
    .optional(),
});

/** Admins read who changed what and when; entries are written by the routes that make the changes. */
export default async function auditLogStaffRoutes(app: FastifyInstance) {
  app.get('/api/staff/audit-log', staffAccess(ADMINS), async (request) => {
    const query = parseInput(auditQuery, request.query);
    const entries = await listAuditEntries(app.db, query);
    const next = entries.length === query.limit ? entries[entries.length - 1].id : null;
    return { success: true, data: entries, next_before: next };
  });
}
