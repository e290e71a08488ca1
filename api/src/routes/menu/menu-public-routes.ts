import type { FastifyInstance } from 'fastify';
import { PUBLIC_LIST_CACHE_CONTROL, replyFromCache } from '../../services/reply-from-cache';
import type { MenuCategory } from '../../repositories/menu-repository';

const PATHS: Record<string, MenuCategory | 'featured'> = {
  '/api/inventory/menu/featured': 'featured',
  '/api/inventory/menu/unlimited': 'unlimited',
  '/api/inventory/menu/alacarte': 'alacarte',
  '/api/inventory/menu/sidedishes': 'sidedish',
};

export default async function menuPublicRoutes(app: FastifyInstance) {
  for (const [url, category] of Object.entries(PATHS)) {
    app.get(url, (request, reply) => replyFromCache(request, reply, { cache: app.menuCache, key: category, cacheControl: PUBLIC_LIST_CACHE_CONTROL }));
  }
}
