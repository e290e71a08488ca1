import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * Writes one outgoing message as JSON into a local folder (the mailbox, the text
 * outbox) named so that a reader finds it by recipient; answers the file's path.
 */
export function writeOutboxFile(dir: string, recipient: string, message: Record<string, unknown>): string {
  mkdirSync(dir, { recursive: true });
  const safeTo = recipient.replace(/[^a-z0-9@._-]/gi, '_');
  const file = path.join(dir, `${Date.now()}-${Math.random().toString(36).slice(2, 6)}-${safeTo}.json`);
  writeFileSync(file, `${JSON.stringify({ date: new Date().toISOString(), ...message }, null, 2)}\n`, { mode: 0o600 });
  return file;
}
