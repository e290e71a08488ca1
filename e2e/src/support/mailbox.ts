import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** Reads the newest mail to `email` from the API's local mailbox folder. */
export async function waitForMail(email: string, timeoutMs = 10_000): Promise<{ subject: string; text: string }> {
  const dir = path.join(process.env.E2E_DATA_DIR as string, 'mailbox');
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (existsSync(dir)) {
      const files = readdirSync(dir).filter((file) => file.endsWith(`-${email}.json`)).sort();
      if (files.length) return JSON.parse(readFileSync(path.join(dir, files[files.length - 1]), 'utf8'));
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`No mail to ${email} arrived in ${timeoutMs} ms`);
}
