import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { Logger } from 'pino';
import type { AppConfig } from '../config';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  attachments?: { filename: string; content: string; contentType: string }[];
}

export interface Mailer {
  send(mail: OutgoingMail): Promise<void>;
}

/**
 * SMTP when SMTP_URL is set; otherwise each message is written as JSON to the
 * local mailbox folder, so a person (or a test) can read it, and the log says
 * which file (never what it says).
 */
export function createMailer(config: Pick<AppConfig, 'smtpUrl' | 'mailboxDir' | 'mailFrom'>, log: Logger): Mailer {
  if (config.smtpUrl) {
    const transport = nodemailer.createTransport(config.smtpUrl);
    return {
      async send(mail) {
        await transport.sendMail({ from: config.mailFrom, ...mail });
      },
    };
  }
  return {
    async send(mail) {
      mkdirSync(config.mailboxDir, { recursive: true });
      const safeTo = mail.to.replace(/[^a-z0-9@._-]/gi, '_');
      const file = path.join(config.mailboxDir, `${Date.now()}-${Math.random().toString(36).slice(2, 6)}-${safeTo}.json`);
      writeFileSync(file, `${JSON.stringify({ from: config.mailFrom, date: new Date().toISOString(), ...mail }, null, 2)}\n`, { mode: 0o600 });
      // Only where it is: a subject or text may hold a secret (a reset code), and logs travel further than the mailbox.
      log.info({ to: mail.to, file }, 'mail written to the local mailbox');
    },
  };
}
