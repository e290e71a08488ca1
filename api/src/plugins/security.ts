import cors from '@fastify/cors';
import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../config';

/**
 * Security headers for JSON responses: the API serves no HTML, so nothing may
 * load, run or frame from its answers. Fixed strings, set in one call per
 * request (a middleware that rebuilt a dozen of them per request, most of them
 * for old browsers and HTML pages, cost 8 % of a cached read in `npm run bench`).
 */
export const API_SECURITY_HEADERS = Object.freeze({
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'cross-origin',
  'referrer-policy': 'no-referrer',
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
});

/** Security headers on every answer (errors and 404s included), and CORS for the site's own origins only. */
export async function registerSecurity(app: FastifyInstance, config: AppConfig) {
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(API_SECURITY_HEADERS);
    done();
  });
  const allowed = new Set(config.corsOrigins);
  await app.register(cors, {
    origin: (origin, callback) => callback(null, origin === undefined || allowed.has(origin)),
    credentials: true,
    methods: ['GET', 'POST', 'PATCH', 'PUT', 'DELETE'],
    allowedHeaders: ['Authorization', 'Content-Type', 'Idempotency-Key', 'Accept'],
    maxAge: 600,
  });
}
