import type { FastifyInstance } from 'fastify';
import { listOpenRefillRequests } from '../../repositories/refill-repository';
import { EVERY_STAFF, staffAccess } from '../../plugins/staff-authorization';
import { withLivePosition } from '../../services/live-events';

/** Staff's refill queue: the requests still waiting or in progress, with their tables. */
export default async function refillStaffRoutes(app: FastifyInstance) {
  app.get('/api/staff/refill-requests', staffAccess(EVERY_STAFF), async () => {
    return withLivePosition(app, () => listOpenRefillRequests(app.db));
  });
}
