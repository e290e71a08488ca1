import type { Queryable } from '../db/database';
import { HttpError } from '../lib/http-error';
import { startAttempt, type ThrottledKey } from './auth-throttle';
import { verifyPassword } from './passwords';

/**
 * The account whose password this is, checked under the throttles' keys (a
 * locked key refuses it with 429 before any check). An unknown email and a
 * wrong password count as one failure and get one answer, so a login tells no
 * one who has an account; a disabled account is refused only once its
 * password is right.
 */
export async function logInWithPassword<Account extends { password_hash: string | null; is_active: boolean }>(
  db: Queryable,
  keys: ThrottledKey[],
  findAccount: () => Promise<Account | null>,
  password: string,
  messages: { wrongLogin: string; inactive: string },
): Promise<Account> {
  const attempt = await startAttempt(db, keys);
  const account = await findAccount();
  if (!(await verifyPassword(account?.password_hash, password)) || !account) {
    await attempt.failed();
    throw new HttpError(401, messages.wrongLogin);
  }
  await attempt.succeeded();
  if (!account.is_active) throw new HttpError(403, messages.inactive);
  return account;
}
