import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import type { Queryable } from '../db/database';
import { HttpError } from '../lib/http-error';

export const RESET_CODE_TTL_MINUTES = 15;
export const RESET_CODE_MAX_TRIES = 5;

function hashCode(secret: string, customerId: number, code: string): string {
  return createHmac('sha256', secret).update(`${customerId}:${code}`).digest('hex');
}

/** A fresh 6-digit code for the customer; earlier codes stop working. */
export async function issueResetCode(db: Queryable, secret: string, customerId: number): Promise<string> {
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  await db.query('UPDATE password_reset_codes SET used_at = now() WHERE customer_id = $1 AND used_at IS NULL', [customerId]);
  await db.query(
    `INSERT INTO password_reset_codes (customer_id, code_hash, expires_at)
     VALUES ($1, $2, now() + make_interval(mins => $3))`,
    [customerId, hashCode(secret, customerId, code), RESET_CODE_TTL_MINUTES],
  );
  return code;
}

export const resetMessages = {
  expired: 'That code has expired or was already used. Please ask for a new one.',
  tooManyTries: 'Too many wrong codes. Please ask for a new one.',
  wrong: (left: number) => `That code is not right. ${left} ${left === 1 ? 'try' : 'tries'} left.`,
} as const;

/**
 * Checks a code (5 tries, 15 minutes) and marks it used when it is right.
 * Each step is one atomic statement, so parallel guesses share the 5 tries.
 */
export async function consumeResetCode(db: Queryable, secret: string, customerId: number | null, code: string): Promise<void> {
  if (customerId === null) throw new HttpError(400, resetMessages.expired);
  const rows = await db.query<{ id: number; code_hash: string; attempts: number; expired: boolean }>(
    `SELECT id, code_hash, attempts, expires_at <= now() AS expired
       FROM password_reset_codes WHERE customer_id = $1 AND used_at IS NULL
      ORDER BY created_at DESC LIMIT 1`,
    [customerId],
  );
  const open = rows[0];
  if (!open || open.expired) throw new HttpError(400, resetMessages.expired);
  if (open.attempts >= RESET_CODE_MAX_TRIES) throw new HttpError(400, resetMessages.tooManyTries);
  const expected = Buffer.from(open.code_hash, 'hex');
  const given = Buffer.from(hashCode(secret, customerId, code), 'hex');
  if (!timingSafeEqual(expected, given)) {
    const counted = await db.query<{ attempts: number }>(
      'UPDATE password_reset_codes SET attempts = attempts + 1 WHERE id = $1 AND attempts < $2 RETURNING attempts',
      [open.id, RESET_CODE_MAX_TRIES],
    );
    const left = counted[0] ? RESET_CODE_MAX_TRIES - counted[0].attempts : 0;
    throw new HttpError(400, left > 0 ? resetMessages.wrong(left) : resetMessages.tooManyTries);
  }
  const used = await db.query(
    `UPDATE password_reset_codes SET used_at = now()
      WHERE id = $1 AND used_at IS NULL AND attempts < $2 AND expires_at > now() RETURNING id`,
    [open.id, RESET_CODE_MAX_TRIES],
  );
  if (used.length === 0) throw new HttpError(400, resetMessages.expired);
}
