import type { Logger } from 'pino';
import type { AppConfig } from '../../config';
import type { Database, Queryable } from '../../db/database';
import { conflict, notFound } from '../../lib/http-error';
import type { Principal } from '../../plugins/auth';
import { recordAudit } from '../../repositories/audit-log-repository';
import {
  claimNotice,
  insertNotice,
  listStrandedNotices,
  markNoticeAttemptFailed,
  markNoticeSent,
  requeueFailedNotice,
  type NewNotice,
  type Notice,
} from '../../repositories/notices-repository';
import type { JobQueue } from '../job-queue';
import type { ServiceContext } from '../service-context';
import { createMailer, type Mailer, type OutgoingMail } from './mailer';
import { createSmsSender, type SmsSender } from './sms-sender';

/** Attempts before a notice is given up on and shown to staff as failed. */
export const NOTICE_ATTEMPTS = 6;
/** How long one attempt may hold a notice before another sender may try it. */
const LEASE_SECONDS = 90;
/** The queued job waits this long, so the attempt made right after the change usually settles it first. */
const JOB_DELAY_SECONDS = 30;
/** A queued notice no sender has touched for this long is queued again by the sweep. */
const STRANDED_SECONDS = 600;

export const noticeMessages = {
  badStatus: 'Send status as queued, sent or failed.',
  badLimit: 'Send limit as a number from 1 to 200.',
  notFound: 'Notice not found.',
  notFailed: 'This notice has not failed: only failed notices can be sent again.',
  retried: (id: number) => `Notice #${id} is queued again.`,
} as const;

export interface NoticeSenders {
  mailer: Mailer;
  sms: SmsSender;
}

/**
 * Stores notices and their send jobs in the caller's transaction: they exist
 * exactly when the change they tell of commits. Answers the new notices' ids
 * (a dedupe key seen before makes none).
 */
export async function queueNotices(tx: Queryable, jobs: JobQueue, notices: NewNotice[]): Promise<number[]> {
  const ids: number[] = [];
  for (const notice of notices) {
    const id = await insertNotice(tx, notice);
    if (id === null) continue;
    await sendJob(tx, jobs, id, { startAfterSeconds: JOB_DELAY_SECONDS, singletonKey: `notice-${id}` });
    ids.push(id);
  }
  return ids;
}

/** The one place a notice's send job is queued, in the caller's transaction. */
function sendJob(tx: Queryable, jobs: JobQueue, id: number, options: { startAfterSeconds?: number; singletonKey?: string } = {}): Promise<void> {
  return jobs.send(tx, 'send-notice', { noticeId: id }, options);
}

function transmit(senders: NoticeSenders, notice: Notice): Promise<void> {
  if (notice.channel === 'sms') return senders.sms.send({ to: notice.recipient, text: notice.body });
  return senders.mailer.send({
    to: notice.recipient,
    subject: notice.subject,
    text: notice.body,
    ...(notice.attachments.length ? { attachments: notice.attachments } : {}),
  });
}

export type DeliveryOutcome = 'sent' | 'done' | 'busy' | 'failed';

/**
 * One attempt at sending a notice. Only the holder of its lease sends, and a
 * sent notice is marked so in the database, so replicas and restarts never send
 * it twice (short of a crash between the gateway's answer and that mark).
 */
export async function deliverNotice(db: Database, senders: NoticeSenders, id: number): Promise<DeliveryOutcome> {
  const claim = await claimNotice(db, id, LEASE_SECONDS);
  if ('done' in claim) return 'done';
  if ('busy' in claim) return 'busy';
  const notice = claim.claimed;
  try {
    await transmit(senders, notice);
  } catch (error) {
    const final = notice.attempts >= NOTICE_ATTEMPTS;
    await markNoticeAttemptFailed(db, id, error instanceof Error ? error.message : String(error), final);
    return 'failed';
  }
  await markNoticeSent(db, id);
  return 'sent';
}

/** Tries the notices at once after their change committed; what fails is left to the queue's retries. */
export async function deliverNow(db: Database, senders: NoticeSenders, ids: number[]): Promise<void> {
  for (const id of ids) await deliverNotice(db, senders, id).catch(() => undefined);
}

/** The queue's worker: a failed or busy attempt throws, so pg-boss tries again later with backoff. */
export function noticeJobHandler(db: Database, senders: NoticeSenders) {
  return async ({ noticeId }: { noticeId: number }) => {
    const outcome = await deliverNotice(db, senders, noticeId);
    if (outcome === 'failed') throw new Error(`Notice ${noticeId} could not be sent; retrying later.`);
    if (outcome === 'busy') throw new Error(`Notice ${noticeId} is being sent elsewhere; checking again later.`);
  };
}

/** What the workflows use to tell people of a change (the app's `notices`). */
export interface NoticeService {
  senders: NoticeSenders;
  /** Stores notices with their send jobs in the caller's transaction; answers their ids. */
  queue(tx: Queryable, notices: NewNotice[]): Promise<number[]>;
  /** One attempt right away at notices whose change has committed. */
  deliverNow(ids: number[]): Promise<void>;
  /**
   * Sends a mail at once and never stores it: for what must not sit in the
   * notices table or reach staff (a password reset code, worthless after its
   * 15 minutes anyway). A failure throws to the caller.
   */
  sendAtOnce(mail: OutgoingMail): Promise<void>;
}

/**
 * The notices: email through SMTP (or the local mailbox) and text messages
 * through Semaphore (or the local outbox), each stored notice sent by the job
 * queue with retries.
 */
export function createNoticeService(db: Database, jobs: JobQueue, config: AppConfig, log: Logger): NoticeService {
  const senders: NoticeSenders = { mailer: createMailer(config, log), sms: createSmsSender(config, log) };
  return {
    senders,
    queue: (tx, notices) => queueNotices(tx, jobs, notices),
    deliverNow: (ids) => deliverNow(db, senders, ids),
    sendAtOnce: (mail) => senders.mailer.send(mail),
  };
}

/** Staff send a failed notice again: queued anew with its audit entry, and tried at once. */
export async function retryFailedNotice(ctx: Pick<ServiceContext, 'db' | 'jobs' | 'notices'>, staff: Principal, id: number): Promise<void> {
  const outcome = await ctx.db.transaction(async (tx) => {
    const requeued = await requeueFailedNotice(tx, id);
    if (requeued !== 'requeued') return requeued;
    await sendJob(tx, ctx.jobs, id);
    await recordAudit(tx, staff, 'notice.retry', `Notice #${id}`);
    return requeued;
  });
  if (outcome === 'missing') throw notFound(noticeMessages.notFound);
  if (outcome === 'not-failed') throw conflict(noticeMessages.notFailed);
  await ctx.notices.deliverNow([id]);
}

/** The sweep's part: a queued notice whose job was lost (no sender touched it for 10 minutes) gets a new one. */
export async function requeueStrandedNotices(ctx: Pick<ServiceContext, 'db' | 'jobs'>): Promise<void> {
  for (const id of await listStrandedNotices(ctx.db, STRANDED_SECONDS)) {
    await ctx.db.transaction((tx) => sendJob(tx, ctx.jobs, id, { singletonKey: `notice-${id}` }));
  }
}
