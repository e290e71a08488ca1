import type { Database, Queryable } from '../db/database';
import { claimNotice, insertNotice, markNoticeAttemptFailed, markNoticeSent, type NewNotice, type Notice } from '../repositories/notices-repository';
import type { JobQueue } from './job-queue';
import type { Mailer } from './mailer';
import type { SmsSender } from './sms-sender';

/** Attempts before a notice is given up on and shown to staff as failed. */
export const NOTICE_ATTEMPTS = 6;
/** How long one attempt may hold a notice before another sender may try it. */
const LEASE_SECONDS = 90;
/** The queued job waits this long, so the attempt made right after the change usually settles it first. */
const JOB_DELAY_SECONDS = 30;

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
    await jobs.send(tx, 'send-notice', { noticeId: id }, { startAfterSeconds: JOB_DELAY_SECONDS, singletonKey: `notice-${id}` });
    ids.push(id);
  }
  return ids;
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
