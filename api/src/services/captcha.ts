import { createChallenge, verifySolution, type Challenge, type Solution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import type { AppConfig } from '../config';
import type { Database } from '../db/database';
import { forgetExpiredCaptchas, markCaptchaUsed } from '../repositories/used-captchas-repository';

const CHALLENGE_TTL_SECONDS = 10 * 60;

export const captchaMessages = {
  missing: 'Please complete the CAPTCHA',
  invalid: 'The captcha has expired or was already used. Please tick it again.',
} as const;

/** A signed proof-of-work challenge (ALTCHA) that the browser solves. */
export function createCaptchaChallenge(config: AppConfig['captcha']): Promise<Challenge> {
  return createChallenge({
    algorithm: 'SHA-256',
    cost: config.cost,
    deriveKey,
    hmacSignatureSecret: config.hmacSecret,
    expiresAt: Math.floor(Date.now() / 1000) + CHALLENGE_TTL_SECONDS,
  });
}

function decodePayload(payload: string): { challenge: Challenge & { signature: string }; solution: Solution } | null {
  try {
    const decoded = JSON.parse(Buffer.from(payload, 'base64').toString('utf8')) as { challenge?: Challenge; solution?: Solution };
    if (!decoded?.challenge?.parameters || typeof decoded.challenge.signature !== 'string' || !decoded.solution) return null;
    return { challenge: { ...decoded.challenge, signature: decoded.challenge.signature }, solution: decoded.solution };
  } catch {
    return null;
  }
}

/**
 * True when the payload solves a challenge we signed, has not expired and was
 * not used before. Its signature is then recorded so it cannot be replayed.
 */
export async function verifyCaptcha(db: Database, config: AppConfig['captcha'], payload: unknown): Promise<boolean> {
  if (typeof payload !== 'string' || payload.length === 0 || payload.length > 4096) return false;
  const decoded = decodePayload(payload);
  if (!decoded) return false;
  let verified = false;
  try {
    const result = await verifySolution({ ...decoded, deriveKey, hmacSignatureSecret: config.hmacSecret });
    verified = result.verified;
  } catch {
    return false;
  }
  if (!verified) return false;
  const expiresAt = new Date((decoded.challenge.parameters.expiresAt ?? Date.now() / 1000 + CHALLENGE_TTL_SECONDS) * 1000);
  const firstUse = await markCaptchaUsed(db, decoded.challenge.signature, expiresAt);
  if (Math.random() < 0.05) await forgetExpiredCaptchas(db);
  return firstUse;
}
