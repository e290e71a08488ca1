import PgBoss from 'pg-boss';
import type { Logger } from 'pino';
import type { Database, Queryable } from '../db/database';
import { bossConnection, lockJobQueueStart } from '../db/job-queue-connection';

/** The queues, each with its retry rule: a failed job waits retryDelay·2^n seconds (backoff). */
export const QUEUES = {
  /** Sends one stored notice (email or text); a notice's own lease keeps it to one sender. */
  notice: { name: 'send-notice', retryLimit: 8, retryDelay: 15, retryBackoff: true, expireInSeconds: 120 },
  /** Offers a freed table-slot to the waitlist. */
  waitlistOffer: { name: 'waitlist-offer', retryLimit: 5, retryDelay: 5, retryBackoff: true, expireInSeconds: 120 },
  /** Sends one refund to the payment provider; the refund's own lease keeps it to one sender. */
  paymentRefund: { name: 'payment-refund', retryLimit: 8, retryDelay: 30, retryBackoff: true, expireInSeconds: 120 },
  /** Expires holds, queues due reminders and moves the waitlist along; scheduled every minute. */
  sweep: { name: 'booking-sweep', retryLimit: 0, retryDelay: 0, retryBackoff: false, expireInSeconds: 120 },
  /** Removes abandoned upload pieces, old request counts and old live events; scheduled every minute. */
  housekeeping: { name: 'housekeeping', retryLimit: 0, retryDelay: 0, retryBackoff: false, expireInSeconds: 120 },
  /** Judges the running canaries (services/release-health/canary-judge.ts): one at a time across replicas ('stately'), scheduled every minute. */
  canaries: { name: 'release-canaries', retryLimit: 0, retryDelay: 0, retryBackoff: false, expireInSeconds: 120, policy: 'stately' },
} as const;

export type QueueName = (typeof QUEUES)[keyof typeof QUEUES]['name'];

export interface JobQueue {
  /** Queues a job inside the caller's transaction: it exists exactly when the change that needs it commits. */
  send(tx: Queryable, queue: QueueName, data: object, options?: { startAfterSeconds?: number; singletonKey?: string }): Promise<void>;
  /** Runs `handler` for jobs of `queue` in this process. */
  work<T extends object>(queue: QueueName, handler: (data: T, attempt: { retryCount: number; retryLimit: number }) => Promise<void>): Promise<void>;
  /** Runs a job of `queue` every minute (once per minute across every process, pg-boss's cron). */
  scheduleEveryMinute(queue: QueueName): Promise<void>;
  start(): Promise<void>;
  stop(): Promise<void>;
}

/** A PostgreSQL-backed job queue (pg-boss) on the API's database; see docs/adr for why pg-boss. */
export function createJobQueue(db: Database, log: Logger, options: { pollingSeconds?: number } = {}): JobQueue {
  const boss = new PgBoss({
    db: bossConnection(db),
    // Finished jobs are kept a week for looking into, failed ones too.
    deleteAfterDays: 7,
    // A dead replica's clock checks and cron runs are taken over by the others.
    supervise: true,
    schedule: true,
  });
  boss.on('error', (error) => log.warn({ err: error }, 'job queue: a database step failed; it is tried again'));
  const byName = new Map(Object.values(QUEUES).map((queue) => [queue.name as string, queue]));
  const pollingIntervalSeconds = options.pollingSeconds ?? 2;

  return {
    async send(tx, queue, data, { startAfterSeconds, singletonKey } = {}) {
      const rule = byName.get(queue)!;
      await boss.send(queue, data, {
        db: bossConnection(tx),
        retryLimit: rule.retryLimit,
        retryDelay: rule.retryDelay,
        retryBackoff: rule.retryBackoff,
        expireInSeconds: rule.expireInSeconds,
        ...(startAfterSeconds ? { startAfter: startAfterSeconds } : {}),
        ...(singletonKey ? { singletonKey } : {}),
      });
    },
    async work(queue, handler) {
      await boss.work(queue, { pollingIntervalSeconds, batchSize: 1, includeMetadata: true }, async ([job]) => {
        await handler(job.data as never, { retryCount: job.retryCount, retryLimit: job.retryLimit });
      });
    },
    async scheduleEveryMinute(queue) {
      await boss.schedule(queue, '* * * * *', {}, { singletonKey: queue });
    },
    async start() {
      const startBoss = async () => {
        await boss.start();
        for (const queue of Object.values(QUEUES)) {
          if (!(await boss.getQueue(queue.name)))
            await boss.createQueue(queue.name, { name: queue.name, retryLimit: queue.retryLimit, ...('policy' in queue ? { policy: queue.policy } : {}) });
        }
      };
      // Replicas starting together race in pg-boss's schema and queue creation
      // (deadlocks, duplicate keys, seen with three at once): on a server they
      // take turns under a lock held by a connection of its own while pg-boss
      // works through the others. PGlite is one process: nothing to race.
      if (db.engine !== 'postgres') return startBoss();
      await db.transaction(async (tx) => {
        await lockJobQueueStart(tx);
        await startBoss();
      });
    },
    async stop() {
      await boss.stop({ graceful: true, close: false, wait: true, timeout: 5_000 });
    },
  };
}
