import type { FastifyInstance } from 'fastify';
import { createJobQueue, type JobQueue } from './job-queue';
import { createNoticeService, noticeJobHandler, type NoticeService } from './notices/notices-service';
import { runBookingSweep, runHousekeeping } from './periodic-work';
import { judgeCanaries } from './release-health/canary-judge';
import { offerFreeTables } from './waitlist/waitlist-service';
import { sendRefund } from './payments/payments-service';

declare module 'fastify' {
  interface FastifyInstance {
    jobs: JobQueue;
    notices: NoticeService;
  }
}

/**
 * The job queue (pg-boss on the API's database) and its workers: sending
 * notices, offering freed tables to the waitlist, sending refunds to the payment provider, and the periodic work (the
 * booking sweep and housekeeping, each scheduled once a minute across every
 * replica: the one way anything periodic runs). Workers run in every replica
 * unless JOB_WORKERS_ENABLED=false; pg-boss hands each job to one of them.
 */
export async function registerJobWorkers(app: FastifyInstance): Promise<void> {
  const jobs = createJobQueue(app.db, app.apiLog);
  const notices = createNoticeService(app.db, jobs, app.config, app.apiLog);
  app.decorate('jobs', jobs);
  app.decorate('notices', notices);
  app.addHook('onReady', async () => {
    await jobs.start();
    if (!app.config.jobWorkersEnabled) return;
    await jobs.work('send-notice', noticeJobHandler(app.db, notices.senders));
    await jobs.work('booking-sweep', () => runBookingSweep(app));
    await jobs.work('housekeeping', () => runHousekeeping(app));
    await jobs.work<{ refundId: number }>('payment-refund', async ({ refundId }) => {
      if (!(await sendRefund(app, refundId))) throw new Error(`refund ${refundId}: the payment provider did not answer; tried again later`);
    });
    await jobs.work<{ date: string; time: string }>('waitlist-offer', async (slot) => void (await offerFreeTables(app, slot)));
    await jobs.work('release-canaries', async () => {
      await judgeCanaries(app);
      // Judged more often than the schedule's minute (tests): the next look is queued (once: the queue is 'stately').
      if (app.config.canaryCheckSeconds < 60) await jobs.send(app.db, 'release-canaries', {}, { startAfterSeconds: app.config.canaryCheckSeconds });
    });
    await jobs.scheduleEveryMinute('booking-sweep');
    await jobs.scheduleEveryMinute('housekeeping');
    await jobs.scheduleEveryMinute('release-canaries');
  });
  app.addHook('onClose', () => jobs.stop());
}
