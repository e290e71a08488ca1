import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import type { Queryable } from '../db/database';
import { HttpError } from '../lib/http-error';
import { countWrongResetTry, findNewestOpenResetCode, markResetCodeUsed, replaceResetCode } from '../repositories/password-reset-codes-repository';

export const RESET_CODE_TTL_MINUTES = 15;
export const RESET_CODE_MAX_TRIES = 5;

function hashCode(secret: string, customerId: number, code: string): string {
  return createHmac('sha256', secret).update(`${customerId}:${code}`).digest('hex');
}

/** A fresh 6-digit code for the customer; earlier codes stop working. */
export async function issueResetCode(db: Queryable, secret: string, customerId: number): Promise<string> {
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  await replaceResetCode(db, customerId, hashCode(secret, customerId, code), RESET_CODE_TTL_MINUTES);
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
  const open = await findNewestOpenResetCode(db, customerId);
  if (!open || open.expired) throw new HttpError(400, resetMessages.expired);
  if (open.attempts >= RESET_CODE_MAX_TRIES) throw new HttpError(400, resetMessages.tooManyTries);
  const expected = Buffer.from(open.code_hash, 'hex');
  const given = Buffer.from(hashCode(secret, customerId, code), 'hex');
  if (!timingSafeEqual(expected, given)) {
    const counted = await countWrongResetTry(db, open.id, RESET_CODE_MAX_TRIES);
    const left = counted === null ? 0 : RESET_CODE_MAX_TRIES - counted;
    throw new HttpError(400, left > 0 ? resetMessages.wrong(left) : resetMessages.tooManyTries);
  }
  if (!(await markResetCodeUsed(db, open.id, RESET_CODE_MAX_TRIES))) throw new HttpError(400, resetMessages.expired);
}
