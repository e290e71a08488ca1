import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** A mail file, or null while it is still being written. */
function readMail(file: string): { subject: string; text: string } | null {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}

/** Reads the newest mail to `email` (with `subject`, when given) from the API's local mailbox folder. */
export async function waitForMail(email: string, timeoutMs = 10_000, subject?: string): Promise<{ subject: string; text: string }> {
  const dir = path.join(process.env.E2E_DATA_DIR as string, 'mailbox');
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (existsSync(dir)) {
      const mails = readdirSync(dir)
        .filter((file) => file.endsWith(`-${email}.json`))
        .sort()
        .map((file) => readMail(path.join(dir, file)))
        .filter((mail) => mail !== null && (subject === undefined || mail.subject === subject));
      if (mails.length) return mails[mails.length - 1]!;
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`No mail to ${email}${subject ? ` about "${subject}"` : ''} arrived in ${timeoutMs} ms`);
}
