import type { FastifyInstance } from 'fastify';
import { expireHolds } from './reservations/expire-holds';
import { listStrandedNotices } from '../repositories/notices-repository';
import { createJobQueue, type JobQueue } from './job-queue';
import { createMailer } from './mailer';
import { deliverNow, noticeJobHandler, queueNotices, type NoticeSenders } from './notices';
import type { NewNotice } from '../repositories/notices-repository';
import type { Queryable } from '../db/database';
import { createSmsSender } from './sms-sender';
import { moveWaitlistAlong, offerFreeTables } from './waitlist/waitlist-service';
import { queueDueReminders } from './reminders';

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

/** A queued notice no sender has touched for this long is queued again by the sweep. */
const STRANDED_SECONDS = 600;

/**
 * The sweep, once a minute across all replicas: holds past their time give
 * their tables back, waitlist offers that lapsed pass on and freed tables are
 * offered, due reminders are queued, and notices whose job was lost get a new one. Each step is
 * idempotent, so a sweep run twice (a restart mid-run) does no harm.
 */
export async function runBookingSweep(app: FastifyInstance): Promise<void> {
  await expireHolds(app);
  await moveWaitlistAlong(app);
  await queueDueReminders(app);
  for (const id of await listStrandedNotices(app.db, STRANDED_SECONDS)) {
    await app.db.transaction((tx) => app.jobs.send(tx, 'send-notice', { noticeId: id }, { singletonKey: `notice-${id}` }));
  }
}

/**
 * The job queue (pg-boss on the API's database) and its workers: sending
 * notices and the booking sweep. Workers run in every replica unless
 * JOB_WORKERS_ENABLED=false; pg-boss hands each job to one of them.
 */
export async function registerBookingJobs(app: FastifyInstance): Promise<void> {
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
    await jobs.work<{ date: string; time: string }>('waitlist-offer', async (slot) => void (await offerFreeTables(app, slot)));
    await jobs.scheduleSweep();
  });
  app.addHook('onClose', () => jobs.stop());
}
