import type { FastifyInstance } from 'fastify';
import { replyFromCache } from '../../lib/reply-from-cache';
import type { MenuCategory } from '../../repositories/menu-repository';

const PATHS: Record<string, MenuCategory> = {
  '/api/inventory/menu/unlimited': 'unlimited',
  '/api/inventory/menu/alacarte': 'alacarte',
  '/api/inventory/menu/sidedishes': 'sidedish',
};

const CACHE_CONTROL = 'public, max-age=30, stale-while-revalidate=300';

export default async function inventoryRoutes(app: FastifyInstance) {
  for (const [url, category] of Object.entries(PATHS)) {
    app.get(url, (request, reply) => replyFromCache(request, reply, { cache: app.menuCache, key: category, cacheControl: CACHE_CONTROL }));
  }
}
