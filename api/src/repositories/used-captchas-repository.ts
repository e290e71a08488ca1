import type { Queryable } from '../db/database';

/** Marks a solved captcha used; false when it was used before (a replay). */
export async function markCaptchaUsed(db: Queryable, signature: string, expiresAt: Date): Promise<boolean> {
  const inserted = await db.query('INSERT INTO used_captchas (signature, expires_at) VALUES ($1, $2) ON CONFLICT (signature) DO NOTHING RETURNING signature', [
    signature,
    expiresAt,
  ]);
  return inserted.length === 1;
}

export async function forgetExpiredCaptchas(db: Queryable): Promise<void> {
  await db.query('DELETE FROM used_captchas WHERE expires_at < now()');
}
