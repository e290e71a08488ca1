import { loadConfig } from '@samgyup/api/config';

/**
 * The secrets of the API under test, found as the API finds them: in the
 * environment when the deployment shares them there (JWT_SECRET,
 * CAPTCHA_HMAC_SECRET), else in the files it generated in its DATA_DIR.
 */
export function apiSecrets(): { jwtSecret: string; captchaSecret: string } {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error('E2E_DATA_DIR is not set: the end-to-end global setup did not run.');
  const config = loadConfig({ ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' });
  return { jwtSecret: config.jwtSecret, captchaSecret: config.captcha.hmacSecret };
}
