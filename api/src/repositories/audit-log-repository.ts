import type { AuditEntry } from '@samgyup/shared/validation';
import type { Queryable } from '../db/database';

/** What was done, named `<resource>.<verb>` so entries can be filtered per resource. */
export type AuditAction = 'reservation.confirm' | 'reservation.decline' | 'staff-account.create' | 'staff-account.update' | 'menu-item.availability' | (string & {});

export interface AuditActor {
  id: number;
  email: string;
}

export type { AuditEntry };

/**
 * Adds one entry. Pass the transaction that made the change, so the entry and
 * the change are kept or lost together.
 */
export async function recordAudit(db: Queryable, actor: AuditActor, action: AuditAction, subject: string, details: Record<string, unknown> = {}): Promise<void> {
  await db.query('INSERT INTO audit_log (actor_id, actor_email, action, subject, details) VALUES ($1, $2, $3, $4, $5)', [
    actor.id || null,
    actor.email,
    action,
    subject,
    JSON.stringify(details),
  ]);
}

/** Newest first, `limit` entries older than the entry `before` (for paging back). */
export async function listAuditEntries(db: Queryable, query: { before?: number; limit: number; resource?: string }): Promise<AuditEntry[]> {
  const rows = await db.query<AuditEntry & { at: string | Date; id: string | number }>(
    `SELECT id, at, actor_email, action, subject, details FROM audit_log
      WHERE ($1::bigint IS NULL OR id < $1) AND ($2::text IS NULL OR action LIKE $2 || '.%')
      ORDER BY id DESC LIMIT $3`,
    [query.before ?? null, query.resource ?? null, query.limit],
  );
  return rows.map((row) => ({ ...row, id: Number(row.id), at: new Date(row.at).toISOString() }));
}
