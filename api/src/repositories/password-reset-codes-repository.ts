import type { Queryable } from '../db/database';

export interface OpenResetCode {
  id: number;
  code_hash: string;
  attempts: number;
  expired: boolean;
}

/** Saves a new code for the customer and retires every earlier one. */
export async function replaceResetCode(db: Queryable, customerId: number, codeHash: string, ttlMinutes: number): Promise<void> {
  await db.query('UPDATE password_reset_codes SET used_at = now() WHERE customer_id = $1 AND used_at IS NULL', [customerId]);
  await db.query(
    `INSERT INTO password_reset_codes (customer_id, code_hash, expires_at)
     VALUES ($1, $2, now() + make_interval(mins => $3))`,
    [customerId, codeHash, ttlMinutes],
  );
}

export async function findNewestOpenResetCode(db: Queryable, customerId: number): Promise<OpenResetCode | null> {
  const rows = await db.query<OpenResetCode>(
    `SELECT id, code_hash, attempts, expires_at <= now() AS expired
       FROM password_reset_codes WHERE customer_id = $1 AND used_at IS NULL
      ORDER BY created_at DESC LIMIT 1`,
    [customerId],
  );
  return rows[0] ?? null;
}

/** Counts a wrong try, never past `maxTries`; the tries counted so far, or null when none was left. */
export async function countWrongResetTry(db: Queryable, id: number, maxTries: number): Promise<number | null> {
  const counted = await db.query<{ attempts: number }>('UPDATE password_reset_codes SET attempts = attempts + 1 WHERE id = $1 AND attempts < $2 RETURNING attempts', [
    id,
    maxTries,
  ]);
  return counted[0]?.attempts ?? null;
}

/** Marks the code used if it still may be; false when another request got there first or it expired. */
export async function markResetCodeUsed(db: Queryable, id: number, maxTries: number): Promise<boolean> {
  const used = await db.query(
    `UPDATE password_reset_codes SET used_at = now()
      WHERE id = $1 AND used_at IS NULL AND attempts < $2 AND expires_at > now() RETURNING id`,
    [id, maxTries],
  );
  return used.length === 1;
}
