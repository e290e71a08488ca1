import nodemailer from 'nodemailer';
import type { Logger } from 'pino';
import type { AppConfig } from '../../config';
import { writeOutboxFile } from '../../lib/outbox-folder';

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
      const file = writeOutboxFile(config.mailboxDir, mail.to, { from: config.mailFrom, ...mail });
      // Only where it is: a subject or text may hold a secret (a reset code), and logs travel further than the mailbox.
      log.info({ to: mail.to, file }, 'mail written to the local mailbox');
    },
  };
}
