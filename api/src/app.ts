import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import pino, { type DestinationStream, type Logger } from 'pino';
import type { AppConfig } from './config';
import type { Database } from './db/database';
import { registerAuth } from './plugins/auth';
import { registerErrorHandler } from './plugins/error-handler';
import { registerInputGuard } from './plugins/input-guard';
import { registerStaffAuthorization } from './plugins/staff-authorization';
import { API_SECURITY_HEADERS, registerSecurity } from './plugins/security';
import rateLimit from '@fastify/rate-limit';
import auditLogStaffRoutes from './routes/audit-log/audit-log-staff-routes';
import bookingPolicyPublicRoutes from './routes/booking-policy/booking-policy-public-routes';
import bookingPolicyStaffRoutes from './routes/booking-policy/booking-policy-staff-routes';
import browserReportsPublicRoutes from './routes/browser-reports/browser-reports-public-routes';
import browserReportsStaffRoutes from './routes/browser-reports/browser-reports-staff-routes';
import captchaPublicRoutes from './routes/captcha/captcha-public-routes';
import customersPublicRoutes from './routes/customers/customers-public-routes';
import dashboardStaffRoutes from './routes/dashboard/dashboard-staff-routes';
import diningSessionsStaffRoutes from './routes/dining-sessions/dining-sessions-staff-routes';
import feedbackPublicRoutes from './routes/feedback/feedback-public-routes';
import feedbackStaffRoutes from './routes/feedback/feedback-staff-routes';
import healthPublicRoutes from './routes/health/health-public-routes';
import liveStaffRoutes from './routes/live/live-staff-routes';
import menuPublicRoutes from './routes/menu/menu-public-routes';
import menuStaffRoutes from './routes/menu/menu-staff-routes';
import noticesStaffRoutes from './routes/notices/notices-staff-routes';
import paymentsPublicRoutes from './routes/payments/payments-public-routes';
import paymentsStaffRoutes from './routes/payments/payments-staff-routes';
import photosPublicRoutes from './routes/photos/photos-public-routes';
import photosStaffRoutes from './routes/photos/photos-staff-routes';
import promosPublicRoutes from './routes/promos/promos-public-routes';
import promosStaffRoutes from './routes/promos/promos-staff-routes';
import refillPublicRoutes from './routes/refill/refill-public-routes';
import refillStaffRoutes from './routes/refill/refill-staff-routes';
import reservationsManageRoutes from './routes/reservations/reservations-manage-routes';
import reservationsPublicRoutes from './routes/reservations/reservations-public-routes';
import reservationsStaffRoutes from './routes/reservations/reservations-staff-routes';
import restaurantSettingsPublicRoutes from './routes/restaurant-settings/restaurant-settings-public-routes';
import restaurantSettingsStaffRoutes from './routes/restaurant-settings/restaurant-settings-staff-routes';
import staffAccountsStaffRoutes from './routes/staff-accounts/staff-accounts-staff-routes';
import tablesPublicRoutes from './routes/tables/tables-public-routes';
import tablesStaffRoutes from './routes/tables/tables-staff-routes';
import waitlistPublicRoutes from './routes/waitlist/waitlist-public-routes';
import { registerChangeNotices } from './services/change-notices';
import { registerJobWorkers } from './services/job-workers';
import { registerPayments } from './services/payments/payments-service';
import { registerPhotoWork } from './services/photos/photo-work';
import { createRateLimitStore } from './services/rate-limit-store';
import { registerBrowserReports } from './services/release-health/release-health';
import {
  createMenuCache,
  createPromosCache,
  createReviewsCache,
  createSettingsCache,
  type MenuCache,
  type PromosCache,
  type ReviewsCache,
  type SettingsCache,
} from './services/public-answer-cache';
import { registerLiveEvents } from './services/live-events';

declare module 'fastify' {
  interface FastifyInstance {
    db: Database;
    config: AppConfig;
    menuCache: MenuCache;
    reviewsCache: ReviewsCache;
    promosCache: PromosCache;
    settingsCache: SettingsCache;
    /**
     * The API's log (pino, JSON lines). Fastify itself runs without a logger
     * (see buildApp), so `app.log` and `request.log` write nothing: log here,
     * naming the request (`reqId: request.id`) where there is one.
     */
    apiLog: Logger;
  }
}

/**
 * Route modules: one folder per resource under routes/, holding its public
 * routes (`<resource>-public-routes.ts`), its staff routes under /api/staff
 * (`<resource>-staff-routes.ts`) and, for reservations, the manage link's
 * (`reservations-manage-routes.ts`). Adding one is a line here.
 */
const routeModules = [
  healthPublicRoutes,
  browserReportsPublicRoutes,
  browserReportsStaffRoutes,
  captchaPublicRoutes,
  customersPublicRoutes,
  menuPublicRoutes,
  menuStaffRoutes,
  feedbackPublicRoutes,
  feedbackStaffRoutes,
  diningSessionsStaffRoutes,
  tablesPublicRoutes,
  tablesStaffRoutes,
  refillPublicRoutes,
  refillStaffRoutes,
  reservationsPublicRoutes,
  reservationsManageRoutes,
  reservationsStaffRoutes,
  bookingPolicyPublicRoutes,
  bookingPolicyStaffRoutes,
  waitlistPublicRoutes,
  staffAccountsStaffRoutes,
  auditLogStaffRoutes,
  liveStaffRoutes,
  promosPublicRoutes,
  promosStaffRoutes,
  photosPublicRoutes,
  photosStaffRoutes,
  noticesStaffRoutes,
  restaurantSettingsPublicRoutes,
  restaurantSettingsStaffRoutes,
  dashboardStaffRoutes,
  paymentsPublicRoutes,
  paymentsStaffRoutes,
];

export interface BuildAppOptions {
  config: AppConfig;
  db: Database;
  /** Where the API logs, from `level` up; no logger, no log (tests). */
  logger?: false | { level: string; stream?: DestinationStream };
  /** Told about every route as it is added (the hostile-input tests walk them all). */
  onRoute?: (route: { method: string | string[]; url: string }) => void;
}

/**
 * The API as a Fastify instance: `server.ts` starts it, tests call it with
 * `app.inject`. Input is checked with zod in each route (see lib/parse-input).
 */
export async function buildApp({ config, db, logger = false, onRoute }: BuildAppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    // No Fastify logger: with one, Fastify times every reply and hangs two
    // listeners and a callback on it (for a request log we keep off), and builds
    // a child logger's bindings per request. Bench-started APIs then answered a
    // cached read at 0.60-0.62 of the bare route against 0.63-0.79 without it
    // (`run-bench --no-build --no-lighthouse`, alternated). The API's few log
    // lines (server errors, failed notices, start and stop) go to app.apiLog.
    logger: false,
    bodyLimit: 1024 * 1024,
    trustProxy: config.trustProxy,
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
  const apiLog: Logger = logger ? pino({ level: logger.level }, logger.stream) : pino({ enabled: false });
  app.decorate('apiLog', apiLog);
  app.decorate('db', db);
  app.decorate('config', config);
  app.decorate('menuCache', createMenuCache(db));
  app.decorate('reviewsCache', createReviewsCache(db));
  app.decorate('promosCache', createPromosCache(db));
  app.decorate('settingsCache', createSettingsCache(db, config.downPaymentPesos));
  await registerChangeNotices(app);
  await registerLiveEvents(app);
  registerPayments(app);
  registerPhotoWork(app);
  registerBrowserReports(app);
  await registerJobWorkers(app);
  registerErrorHandler(app);
  registerSecurity(app, config);
  registerAuth(app, config);
  registerStaffAuthorization(app);
  registerInputGuard(app);
  // Per-route request limits (login, register, reset); off for load benchmarks.
  // Counted in PostgreSQL so every replica shares them; a database that is down
  // lets the request through to its own 503 rather than failing it here.
  if (config.rateLimitEnabled) await app.register(rateLimit, { global: false, store: createRateLimitStore(db), skipOnError: true });
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
