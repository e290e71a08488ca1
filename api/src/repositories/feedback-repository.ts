import type { PublicReview, StaffReview } from '@samgyup/shared/validation';
import type { Queryable } from '../db/database';

/** A review as the public list shows it (the first version's public review list, docs/product.md); the reviews remote reads the same type. */
export type PublicFeedback = PublicReview;

const ANONYMOUS = 'Anonymous Customer';

export interface PublicFeedbackPage {
  data: PublicFeedback[];
  /** How many reviews a page holds at most. */
  page_size: number;
  /** Pass as `cursor` for the next, older page; null on the last page. */
  next_cursor: string | null;
  /** Every published review, on this page or not. */
  total: number;
}

/**
 * A page of published reviews, newest first; `admin_response` only when there
 * is one. The cursor is the id of the last review of the previous page: a
 * keyset read, so a review posted meanwhile neither shifts nor repeats a page.
 */
export async function listPublicFeedbackPage(db: Queryable, pageSize: number, cursor?: number): Promise<PublicFeedbackPage> {
  const rows = await db.query<PublicFeedback & { admin_response: string | null; created_at: Date | string }>(
    `SELECT id, customer_name, rating, created_at, feedback_text, admin_response
       FROM feedback
      WHERE is_published
        AND ($2::int IS NULL OR (created_at, id) < (SELECT created_at, id FROM feedback WHERE id = $2))
      ORDER BY created_at DESC, id DESC
      LIMIT $1`,
    [pageSize + 1, cursor ?? null],
  );
  const [{ total }] = await db.query<{ total: number }>('SELECT count(*)::int AS total FROM feedback WHERE is_published');
  const page = rows.slice(0, pageSize);
  return {
    data: page.map(({ admin_response, created_at, customer_name, ...row }) => ({
      ...row,
      customer_name: customer_name.trim() || ANONYMOUS,
      created_at: new Date(created_at).toISOString(),
      ...(admin_response ? { admin_response } : {}),
    })),
    page_size: pageSize,
    next_cursor: rows.length > pageSize ? String(page[page.length - 1].id) : null,
    total,
  };
}

export interface NewFeedback {
  customer_id: number;
  customer_name: string;
  email: string;
  rating: number;
  feedback_text: string;
}

export async function insertFeedback(db: Queryable, input: NewFeedback): Promise<{ id: number; created_at: string }> {
  const [row] = await db.query<{ id: number; created_at: Date }>(
    `INSERT INTO feedback (customer_id, customer_name, email, feedback_type, rating, feedback_text)
     VALUES ($1, $2, $3, 'general', $4, $5) RETURNING id, created_at`,
    [input.customer_id, input.customer_name, input.email, input.rating, input.feedback_text],
  );
  return { id: row.id, created_at: new Date(row.created_at).toISOString() };
}

/** How many reviews this customer posted in the last 24 hours. */
export async function countRecentFeedback(db: Queryable, customerId: number): Promise<number> {
  const [row] = await db.query<{ count: number }>(
    `SELECT count(*)::int AS count FROM feedback
      WHERE customer_id = $1 AND created_at > now() - interval '24 hours'`,
    [customerId],
  );
  return row.count;
}

/** A review as the staff console lists it; the console reads the same type. */
export type StaffFeedback = StaffReview;

/** Every review, hidden ones too, newest first (the staff console). */
export async function listAllFeedback(db: Queryable, limit = 200): Promise<StaffFeedback[]> {
  const rows = await db.query<Record<string, unknown>>(
    `SELECT id, customer_name, email, rating, feedback_text, admin_response, admin_response_at, admin_response_by,
            is_published, hidden_by, created_at
       FROM feedback ORDER BY created_at DESC, id DESC LIMIT $1`,
    [limit],
  );
  return rows.map((row) => ({
    ...(row as unknown as StaffFeedback),
    customer_name: String(row.customer_name).trim() || ANONYMOUS,
    created_at: new Date(row.created_at as string).toISOString(),
    admin_response_at: row.admin_response_at ? new Date(row.admin_response_at as string).toISOString() : null,
  }));
}

export async function setFeedbackResponse(db: Queryable, id: number, response: string | null, by: string): Promise<boolean> {
  const rows = await db.query(
    `UPDATE feedback SET admin_response = $2, admin_response_at = CASE WHEN $2::text IS NULL THEN NULL ELSE now() END,
            admin_response_by = CASE WHEN $2::text IS NULL THEN NULL ELSE $3 END
      WHERE id = $1 RETURNING id`,
    [id, response, by],
  );
  return rows.length === 1;
}

export async function setFeedbackPublished(db: Queryable, id: number, published: boolean, by: string): Promise<boolean> {
  const rows = await db.query(`UPDATE feedback SET is_published = $2, hidden_by = CASE WHEN $2 THEN NULL ELSE $3 END WHERE id = $1 RETURNING id`, [id, published, by]);
  return rows.length === 1;
}
