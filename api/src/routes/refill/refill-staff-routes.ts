import type { FastifyInstance } from 'fastify';
import { listOpenRefillRequests } from '../../repositories/refill-repository';

/** Staff's refill queue: the requests still waiting or in progress, with their tables. */
export default async function refillStaffRoutes(app: FastifyInstance) {
  app.get('/api/staff/refill-requests', async (request) => {
    await app.authenticateStaff(request);
    return { success: true, data: await listOpenRefillRequests(app.db) };
  });
}
