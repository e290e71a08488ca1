import type { FastifyInstance } from 'fastify';
import { pingDatabase } from '../../repositories/database-health-repository';

export default async function healthPublicRoutes(app: FastifyInstance) {
  app.get('/api/health', async () => {
    await pingDatabase(app.db);
    return { success: true, data: { status: 'ok', database: 'ok' } };
  });
}
