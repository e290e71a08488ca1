import type { FastifyInstance } from 'fastify';
import { discardAbandonedUploads } from '../repositories/reservations-repository';
import { forgetOldLiveEvents } from '../repositories/live-events-repository';
import { forgetUnusedPhotos } from '../repositories/photos-repository';
import { forgetOldRateLimitCounts } from './rate-limit-store';

const EVERY_MS = 60_000;

/**
 * Housekeeping every replica runs once a minute: pieces of abandoned uploads,
 * request counts of past windows, live events over an hour old and photos
 * nothing has shown for an hour (replaced or removed) are removed. (Holds that expire are the job queue's booking sweep.)
 * Each step is one idempotent statement, so replicas running it together do
 * no harm; a database that is down is simply tried again next time.
 */
export function startMaintenance(app: FastifyInstance) {
  const run = async () => {
    try {
      await discardAbandonedUploads(app.db);
      await forgetOldRateLimitCounts(app.db);
      await forgetOldLiveEvents(app.db);
      await forgetUnusedPhotos(app.db);
    } catch (error) {
      app.apiLog.warn({ err: error }, 'housekeeping failed; trying again in a minute');
    }
  };
  const timer = setInterval(() => void run(), EVERY_MS);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
}
