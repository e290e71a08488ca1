import cors from '@fastify/cors';
import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../config';

/**
 * Security headers for JSON responses: the API serves no HTML, so nothing may
 * load, run or frame from its answers. Fixed strings, set in one call per
 * request (a middleware that rebuilt a dozen of them per request, most of them
 * for old browsers and HTML pages, cost 8 % of a cached read in `npm run bench`).
 * Headers that only mean something on a document (X-Frame-Options, which
 * `frame-ancestors` replaces for current browsers, and Cross-Origin-Opener-Policy)
 * go only on the one answer a browser opens as a page, a payment proof
 * (DOCUMENT_SECURITY_HEADERS); Cross-Origin-Resource-Policy: cross-origin was
 * the browser's default anyway. Every header is parsed again by every client.
 */
export const API_SECURITY_HEADERS = Object.freeze({
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'referrer-policy': 'no-referrer',
  'x-content-type-options': 'nosniff',
});

/** Added to an answer the browser shows as a page of its own (an uploaded proof opened in a tab). */
export const DOCUMENT_SECURITY_HEADERS = Object.freeze({
  'x-frame-options': 'DENY',
  'cross-origin-opener-policy': 'same-origin',
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
