import { queryOne, type Queryable } from '../db/database';

export type NoticeChannel = 'email' | 'sms';
export type NoticeStatus = 'queued' | 'sent' | 'failed';

export interface NoticeAttachment {
  filename: string;
  content: string;
  contentType: string;
}

export interface NewNotice {
  reservation_id: number | null;
  kind: string;
  channel: NoticeChannel;
  recipient: string;
  subject: string;
  body: string;
  attachments?: NoticeAttachment[];
  /** The same key twice makes one notice: a reminder thought of by two replicas is sent once. */
  dedupe_key?: string | null;
}

export interface Notice extends Required<NewNotice> {
  id: number;
  status: NoticeStatus;
  attempts: number;
  last_error: string | null;
  created_at: string;
  sent_at: string | null;
}

const COLUMNS = `id, reservation_id, kind, channel, recipient, subject, body, attachments, dedupe_key, status, attempts, last_error, created_at, sent_at`;

/** Adds a notice; null when one with the same dedupe key exists already. */
export async function insertNotice(db: Queryable, notice: NewNotice): Promise<number | null> {
  const row = await queryOne<{ id: number }>(
    db,
    `INSERT INTO notices (reservation_id, kind, channel, recipient, subject, body, attachments, dedupe_key)
     VALUES ($1, $2, $3, $4, $5, $6, $7::jsonb, $8)
     ON CONFLICT (dedupe_key) DO NOTHING RETURNING id`,
    [notice.reservation_id, notice.kind, notice.channel, notice.recipient, notice.subject, notice.body, JSON.stringify(notice.attachments ?? []), notice.dedupe_key ?? null],
  );
  return row?.id ?? null;
}

export type ClaimResult = { claimed: Notice } | { done: true } | { busy: true };

/**
 * Takes the notice for one sending attempt (a lease of `leaseSeconds`), unless
 * it was sent or given up on (`done`) or another sender holds it (`busy`).
 */
export async function claimNotice(db: Queryable, id: number, leaseSeconds: number): Promise<ClaimResult> {
  const claimed = await queryOne<Notice>(
    db,
    `UPDATE notices SET lease_until = now() + make_interval(secs => $2::int), attempts = attempts + 1
      WHERE id = $1 AND status = 'queued' AND (lease_until IS NULL OR lease_until < now())
      RETURNING ${COLUMNS}`,
    [id, leaseSeconds],
  );
  if (claimed) return { claimed };
  const row = await queryOne<{ status: NoticeStatus }>(db, 'SELECT status FROM notices WHERE id = $1', [id]);
  return !row || row.status !== 'queued' ? { done: true } : { busy: true };
}

export async function markNoticeSent(db: Queryable, id: number): Promise<void> {
  await db.query(`UPDATE notices SET status = 'sent', sent_at = now(), lease_until = NULL, last_error = NULL WHERE id = $1`, [id]);
}

/** Records a failed attempt: the notice waits for the next one, or is given up on when `final`. */
export async function markNoticeAttemptFailed(db: Queryable, id: number, error: string, final: boolean): Promise<void> {
  await db.query(`UPDATE notices SET lease_until = NULL, last_error = $2, status = $3 WHERE id = $1`, [id, error.slice(0, 500), final ? 'failed' : 'queued']);
}

/** A failed notice back in the queue with a fresh count of attempts. */
export async function requeueFailedNotice(db: Queryable, id: number): Promise<'requeued' | 'not-failed' | 'missing'> {
  const rows = await db.query(`UPDATE notices SET status = 'queued', attempts = 0, lease_until = NULL WHERE id = $1 AND status = 'failed' RETURNING id`, [id]);
  if (rows.length === 1) return 'requeued';
  return (await queryOne(db, 'SELECT id FROM notices WHERE id = $1', [id])) ? 'not-failed' : 'missing';
}

/** Notices in `status`, newest first, without their bodies' attachments. */
export async function listNotices(db: Queryable, status: NoticeStatus, limit: number): Promise<Omit<Notice, 'attachments'>[]> {
  return db.query(
    `SELECT id, reservation_id, kind, channel, recipient, subject, body, dedupe_key, status, attempts, last_error,
            created_at, sent_at
       FROM notices WHERE status = $1 ORDER BY created_at DESC, id DESC LIMIT $2`,
    [status, limit],
  );
}

/** Queued notices nobody is trying (their job was lost before it was stored, say). */
export async function listStrandedNotices(db: Queryable, olderThanSeconds: number): Promise<number[]> {
  const rows = await db.query<{ id: number }>(
    `SELECT id FROM notices
      WHERE status = 'queued' AND (lease_until IS NULL OR lease_until < now())
        AND created_at < now() - make_interval(secs => $1::int)
      ORDER BY id LIMIT 100`,
    [olderThanSeconds],
  );
  return rows.map((row) => row.id);
}
