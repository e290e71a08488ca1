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

/** What every answer starts with: the security headers, and that it depends on the Origin it was asked from. */
const ANSWER_HEADERS = Object.freeze({ ...API_SECURITY_HEADERS, vary: 'Origin' });

/** Added to an answer the browser shows as a page of its own (an uploaded proof opened in a tab). */
export const DOCUMENT_SECURITY_HEADERS = Object.freeze({
  'x-frame-options': 'DENY',
  'cross-origin-opener-policy': 'same-origin',
});

/** What a preflight from one of the site's origins is told: the methods and request headers the API takes, for ten minutes. */
const PREFLIGHT_HEADERS = Object.freeze({
  'access-control-allow-methods': 'GET, POST, PATCH, PUT, DELETE',
  'access-control-allow-headers': 'Authorization, Content-Type, Idempotency-Key, Accept',
  'access-control-max-age': '600',
});

/**
 * Security headers on every answer (errors and 404s included), and CORS for the
 * site's own origins only, in one hook. An answer depends on the Origin it was
 * asked from (Vary: Origin); only an allowed origin is named back, with
 * credentials (the log-in and sign-up forms send them). A request without an
 * Origin (same origin, a server, curl) gets no CORS headers: it needs none.
 * Written here rather than with @fastify/cors, which ran a hook of its own for
 * every request, through a callback, copying its options each time, and sent
 * Access-Control-Allow-Credentials to requests that had no Origin: about 3 % of
 * a cached read's CPU, server and load generator together (A/B on loopback).
 */
export function registerSecurity(app: FastifyInstance, config: AppConfig) {
  const allowed = new Set(config.corsOrigins);
  const allowedOrigin = (origin: string | undefined) => (origin !== undefined && allowed.has(origin) ? origin : undefined);
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(ANSWER_HEADERS);
    const origin = allowedOrigin(request.headers.origin);
    if (origin) reply.header('access-control-allow-origin', origin).header('access-control-allow-credentials', 'true');
    done();
  });
  // A preflight (OPTIONS with Access-Control-Request-Method) from an allowed
  // origin, for any address: 204 with what may be sent. Any other OPTIONS
  // request is answered as an unknown address.
  app.options('*', (request, reply) => {
    if (!allowedOrigin(request.headers.origin) || !request.headers['access-control-request-method']) return reply.callNotFound();
    return reply.headers(PREFLIGHT_HEADERS).code(204).send();
  });
}
