import type { FastifyInstance } from 'fastify';
import { getBookingPolicy } from '../../repositories/booking-policy-repository';

/** The booking policy as everyone may read it (the manage page states it), without who last changed it. */
export default async function bookingPolicyPublicRoutes(app: FastifyInstance) {
  app.get('/api/booking-policy', async () => {
    const { updated_by: _by, ...policy } = await getBookingPolicy(app.db);
    return { success: true, data: policy };
  });
}
