import type { FastifyInstance } from 'fastify';
import type { MenuCategory } from '../../repositories/menu-repository';

const PATHS: Record<string, MenuCategory> = {
  '/api/inventory/menu/unlimited': 'unlimited',
  '/api/inventory/menu/alacarte': 'alacarte',
  '/api/inventory/menu/sidedishes': 'sidedish',
};

const CACHE_CONTROL = 'public, max-age=30, stale-while-revalidate=300';

export default async function inventoryRoutes(app: FastifyInstance) {
  for (const [url, category] of Object.entries(PATHS)) {
    app.get(url, async (request, reply) => {
      const menu = await app.menuCache.get(category);
      reply.header('ETag', menu.etag).header('Cache-Control', CACHE_CONTROL);
      if (request.headers['if-none-match'] === menu.etag) return reply.status(304).send();
      return reply.type('application/json; charset=utf-8').send(menu.body);
    });
  }
}
