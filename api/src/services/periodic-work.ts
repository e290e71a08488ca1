import type { FastifyInstance } from 'fastify';
import { forgetOldBrowserReports } from '../repositories/browser-reports-repository';
import { forgetOldLiveEvents } from '../repositories/live-events-repository';
import { forgetUnusedPhotos } from '../repositories/photos-repository';
import { discardAbandonedUploads } from '../repositories/reservations-repository';
import { forgetOldRateLimitCounts } from './rate-limit-store';
import { requeueStrandedNotices } from './notices/notices-service';
import { queueDueReminders } from './notices/reminders';
import { expireHolds } from './reservations/expire-holds';
import { moveWaitlistAlong } from './waitlist/waitlist-service';
import { reconcilePayments } from './payments/payments-service';

/**
 * The booking sweep, once a minute across all replicas (the job queue's
 * schedule): holds past their time give their tables back, waitlist offers
 * that lapsed pass on and freed tables are offered, due reminders are queued,
 * and notices whose job was lost get a new one; online checkouts are first
 * reconciled with the payment provider. Each step is idempotent, so a
 * sweep run twice (a restart mid-run) does no harm.
 */
export async function runBookingSweep(app: FastifyInstance): Promise<void> {
  // Before holds expire: a payment a lost webhook never told of still counts.
  await reconcilePayments(app);
  await expireHolds(app);
  await moveWaitlistAlong(app);
  await queueDueReminders(app);
  await requeueStrandedNotices(app);
}

/**
 * Housekeeping, once a minute across all replicas (the job queue's schedule):
 * pieces of abandoned uploads, request counts of past windows, live events
 * over an hour old and browser reports past their retention are removed. Each step is one idempotent statement.
 */
export async function runHousekeeping(app: Pick<FastifyInstance, 'db' | 'config'>): Promise<void> {
  await discardAbandonedUploads(app.db);
  await forgetOldRateLimitCounts(app.db);
  await forgetOldLiveEvents(app.db);
  await forgetUnusedPhotos(app.db);
  await forgetOldBrowserReports(app.db, app.config.browserReportsRetentionDays);
}
