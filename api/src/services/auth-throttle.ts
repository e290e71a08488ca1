import type { Queryable } from '../db/database';
import { HttpError } from '../lib/http-error';
import { countFailedAttempt, deleteAuthFailures, deleteAuthFailuresStartingWith, giveBackAttemptPlace, takeAttemptPlace } from '../repositories/auth-failures-repository';

export interface ThrottleRule {
  maxFailures: number;
  windowMinutes: number;
  blockMinutes: number;
}

export const LOGIN_PER_ACCOUNT: ThrottleRule = { maxFailures: 5, windowMinutes: 15, blockMinutes: 15 };
/**
 * Wrong passwords for one account from everywhere together: high enough that
 * strangers cannot lock a customer out, low enough to stop guessing spread
 * over many addresses.
 */
export const LOGIN_PER_ACCOUNT_EVERYWHERE: ThrottleRule = { maxFailures: 50, windowMinutes: 15, blockMinutes: 15 };
export const LOGIN_PER_ADDRESS: ThrottleRule = { maxFailures: 30, windowMinutes: 15, blockMinutes: 15 };
export const RESET_REQUESTS_PER_EMAIL: ThrottleRule = { maxFailures: 3, windowMinutes: 15, blockMinutes: 15 };

export function tooManyAttempts(minutes: number) {
  return new HttpError(429, `Too many attempts. Please wait ${minutes} minutes and try again.`, {
    'Retry-After': String(minutes * 60),
  });
}

export interface ThrottledKey {
  key: string;
  rule: ThrottleRule;
}

export interface Attempt {
  /** A wrong password (or one more use of a limited action): the attempt stays counted, and locks the key at the limit. */
  failed(): Promise<void>;
  /** A right password: the attempt gives its place back. Earlier failures stay counted until their window ends. */
  succeeded(): Promise<void>;
}

/**
 * Takes a place for the attempt under every key before the password is
 * checked, each in one atomic statement, and refuses it (429) when a key is
 * locked or its failures and the attempts being checked already fill the limit.
 * Parallel guesses therefore take numbered places: at most `maxFailures` of
 * them are ever checked in a window, on however many replicas, and the lock
 * falls on the last wrong one, whatever right password came in between. The
 * counts live in the database, so every replica sees the same ones; a place
 * left by a replica that died while checking is freed when the window ends.
 */
export async function startAttempt(db: Queryable, keys: ThrottledKey[]): Promise<Attempt> {
  const taken: ThrottledKey[] = [];
  const giveBack = (key: string) => giveBackAttemptPlace(db, key);
  for (const entry of keys) {
    const row = await takeAttemptPlace(db, entry.key, entry.rule.windowMinutes);
    const blocked = row.blocked_minutes !== null;
    if (blocked || row.failures + row.checking > entry.rule.maxFailures) {
      // Not checked, so it holds no place: the places stay with the attempts being checked.
      for (const other of [...taken, ...(blocked ? [] : [entry])]) await giveBack(other.key);
      throw tooManyAttempts(Math.max(1, row.blocked_minutes ?? entry.rule.blockMinutes));
    }
    taken.push(entry);
  }
  return {
    async failed() {
      for (const { key, rule } of taken) await countFailedAttempt(db, key, rule.maxFailures, rule.blockMinutes);
    },
    async succeeded() {
      for (const { key } of taken) await giveBack(key);
    },
  };
}

/** Forgets an account's failed logins, from every address (after a password reset). */
export async function clearLoginFailures(db: Queryable, email: string): Promise<void> {
  await deleteAuthFailures(db, `login:email:${email}`);
  // In these keys the address follows the email and a colon.
  await deleteAuthFailuresStartingWith(db, `login:email-ip:${email}:`);
}
