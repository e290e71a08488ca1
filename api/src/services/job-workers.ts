import type { FastifyInstance } from 'fastify';
import type { NewNotice } from '../repositories/notices-repository';
import type { Queryable } from '../db/database';
import { createJobQueue, type JobQueue } from './job-queue';
import { createMailer } from './mailer';
import { deliverNow, noticeJobHandler, queueNotices, type NoticeSenders } from './notices';
import { runBookingSweep, runHousekeeping } from './periodic-work';
import { createSmsSender } from './sms-sender';
import { offerFreeTables } from './waitlist/waitlist-service';

declare module 'fastify' {
  interface FastifyInstance {
    jobs: JobQueue;
    notices: {
      senders: NoticeSenders;
      /** Stores notices with their send jobs in the caller's transaction; answers their ids. */
      queue(tx: Queryable, notices: NewNotice[]): Promise<number[]>;
      /** One attempt right away at notices whose change has committed. */
      deliverNow(ids: number[]): Promise<void>;
    };
  }
}

/**
 * The job queue (pg-boss on the API's database) and its workers: sending
 * notices, offering freed tables to the waitlist, and the periodic work (the
 * booking sweep and housekeeping, each scheduled once a minute across every
 * replica: the one way anything periodic runs). Workers run in every replica
 * unless JOB_WORKERS_ENABLED=false; pg-boss hands each job to one of them.
 */
export async function registerJobWorkers(app: FastifyInstance): Promise<void> {
  const jobs = createJobQueue(app.db, app.apiLog);
  const senders: NoticeSenders = { mailer: createMailer(app.config, app.apiLog), sms: createSmsSender(app.config, app.apiLog) };
  app.decorate('jobs', jobs);
  app.decorate('notices', {
    senders,
    queue: (tx: Queryable, notices: NewNotice[]) => queueNotices(tx, jobs, notices),
    deliverNow: (ids: number[]) => deliverNow(app.db, senders, ids),
  });
  app.addHook('onReady', async () => {
    await jobs.start();
    if (!app.config.jobWorkersEnabled) return;
    await jobs.work('send-notice', noticeJobHandler(app.db, senders));
    await jobs.work('booking-sweep', () => runBookingSweep(app));
    await jobs.work('housekeeping', () => runHousekeeping(app));
    await jobs.work<{ date: string; time: string }>('waitlist-offer', async (slot) => void (await offerFreeTables(app, slot)));
    await jobs.scheduleEveryMinute('booking-sweep');
    await jobs.scheduleEveryMinute('housekeeping');
  });
  app.addHook('onClose', () => jobs.stop());
}
