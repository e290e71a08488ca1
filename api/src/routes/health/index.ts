import type { FastifyInstance } from 'fastify';

export default async function healthRoutes(app: FastifyInstance) {
  app.get('/api/health', async () => {
    await app.db.query('SELECT 1');
    return { success: true, data: { status: 'ok', database: 'ok' } };
  });
}
