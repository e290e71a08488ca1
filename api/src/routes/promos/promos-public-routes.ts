import type { FastifyInstance } from 'fastify';
import { PUBLIC_LIST_CACHE_CONTROL, replyFromCache } from '../../services/reply-from-cache';

/** /promos reads the promos on show, from each replica's cache; staff change them (promos-staff-routes.ts). */
export default async function promosPublicRoutes(app: FastifyInstance) {
  app.get('/api/promos', (request, reply) => replyFromCache(request, reply, { cache: app.promosCache, key: 'shown', cacheControl: PUBLIC_LIST_CACHE_CONTROL }));
}
