import Fastify, { LogController, type FastifyInstance, type FastifyReply, type FastifyServerOptions } from 'fastify';
import type { AppConfig } from './config';
import type { Database } from './db/database';
import { registerAuth } from './plugins/auth';
import { registerErrorHandler } from './plugins/error-handler';
import { registerInputGuard } from './plugins/input-guard';
import { API_SECURITY_HEADERS, registerSecurity } from './plugins/security';
import rateLimit from '@fastify/rate-limit';
import captchaRoutes from './routes/captcha';
import customerRoutes from './routes/customers';
import healthRoutes from './routes/health';
import { createMenuCache, createReviewsCache, type MenuCache, type ReviewsCache } from './services/public-answer-cache';
import inventoryRoutes from './routes/inventory';
import feedbackRoutes from './routes/feedback';
import diningSessionRoutes from './routes/dining-sessions';
import refillRoutes from './routes/refill';
import reservationRoutes from './routes/reservations';
import staffAccountRoutes from './routes/staff-accounts';
import staffFeedbackRoutes from './routes/staff-feedback';
import staffMenuRoutes from './routes/staff-menu';
import staffReservationRoutes from './routes/staff-reservations';
import staffTableRoutes from './routes/staff-tables';

declare module 'fastify' {
  interface FastifyInstance {
    db: Database;
    config: AppConfig;
    menuCache: MenuCache;
    reviewsCache: ReviewsCache;
  }
}

/** Route modules, one per resource. Adding a resource is one line here. */
const routeModules = [
  healthRoutes,
  captchaRoutes,
  customerRoutes,
  inventoryRoutes,
  feedbackRoutes,
  diningSessionRoutes,
  refillRoutes,
  reservationRoutes,
  staffAccountRoutes,
  staffReservationRoutes,
  staffTableRoutes,
  staffFeedbackRoutes,
  staffMenuRoutes,
];

export interface BuildAppOptions {
  config: AppConfig;
  db: Database;
  logger?: FastifyServerOptions['logger'];
  /** Told about every route as it is added (the hostile-input tests walk them all). */
  onRoute?: (route: { method: string | string[]; url: string }) => void;
}

/**
 * The API as a Fastify instance: `server.ts` starts it, tests call it with
 * `app.inject`. Input is checked with zod in each route (see lib/parse-input).
 */
export async function buildApp({ config, db, logger = false, onRoute }: BuildAppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger,
    bodyLimit: 1024 * 1024,
    trustProxy: false,
    // Errors are logged by the error handler; a line per request is noise at this size.
    logController: new LogController({ disableRequestLogging: true }),
    // Requests log through the server's own logger: a child logger per request
    // cost about a tenth of a cached read in `npm run bench`, only to tag the
    // rare error line, which names its request itself (see the error handler).
    childLoggerFactory: (logger) => logger,
    ajv: { customOptions: { removeAdditional: false } },
    // Addresses the router refuses before any hook runs (broken %-encoding, a
    // path part over 100 characters) still get the one error shape and the
    // security headers.
    frameworkErrors: (error, _request, reply: FastifyReply) => {
      const tooLong = error.code === 'FST_ERR_MAX_PARAM_LENGTH';
      void reply
        .headers(API_SECURITY_HEADERS)
        .code(tooLong ? 414 : 400)
        .send({ success: false, message: tooLong ? 'The address is too long.' : 'The address is not valid.' });
    },
  });
  app.decorate('db', db);
  app.decorate('config', config);
  app.decorate('menuCache', createMenuCache(db));
  app.decorate('reviewsCache', createReviewsCache(db));
  registerErrorHandler(app);
  registerSecurity(app, config);
  registerAuth(app, config);
  registerInputGuard(app);
  // Per-route request limits (login, register, reset); off for load benchmarks.
  if (config.rateLimitEnabled) await app.register(rateLimit, { global: false });
  if (onRoute) app.addHook('onRoute', (route) => onRoute({ method: route.method, url: route.url }));
  // Route modules add their routes to this one context rather than each to a
  // plugin context of its own: Fastify gives every such context its own Request
  // and Reply classes, and with a dozen of them the code every request runs
  // through met a dozen object shapes. After a browser's mix of requests a
  // cached read cost a sixth more than before it (`npm run bench` measures the
  // reads after the Lighthouse runs). A module that needs a plugin of its own
  // registers it in a child context (the payment-proof upload and its multipart parser).
  for (const routes of routeModules) await routes(app);
  return app;
}
