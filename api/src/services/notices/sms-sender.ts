import type { Logger } from 'pino';
import type { AppConfig } from '../../config';
import { writeOutboxFile } from '../../lib/outbox-folder';

export interface OutgoingText {
  to: string;
  text: string;
}

export interface SmsSender {
  send(message: OutgoingText): Promise<void>;
}

/** How long the gateway may take to answer before the attempt counts as failed (and is retried). */
const GATEWAY_TIMEOUT_MS = 10_000;

/** A Philippine mobile number as Semaphore wants it (09XXXXXXXXX), or null. */
export function philippineMobileNumber(phone: string): string | null {
  const digits = phone.replace(/[^\d+]/g, '');
  const match = /^(?:\+?63|0)?(9\d{9})$/.exec(digits);
  return match ? `0${match[1]}` : null;
}

/**
 * Semaphore (semaphore.co), the Philippine SMS gateway: one POST per message.
 * A refusal (4xx, 5xx, or an answer without a message id) throws with the
 * gateway's words, so the job queue retries and staff can see why.
 */
function semaphoreSender(settings: NonNullable<AppConfig['sms']['semaphore']>): SmsSender {
  return {
    async send({ to, text }) {
      const number = philippineMobileNumber(to);
      if (!number) throw new Error(`Not a Philippine mobile number: ${to}`);
      const form = new URLSearchParams({ apikey: settings.apiKey, number, message: text });
      if (settings.senderName) form.set('sendername', settings.senderName);
      const answer = await fetch(settings.url, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: form,
        signal: AbortSignal.timeout(GATEWAY_TIMEOUT_MS),
      });
      const body = await answer.text();
      if (!answer.ok) throw new Error(`Semaphore answered ${answer.status}: ${body.slice(0, 200)}`);
      let sent: unknown;
      try {
        sent = JSON.parse(body);
      } catch {
        throw new Error(`Semaphore answered something other than JSON: ${body.slice(0, 200)}`);
      }
      const first = Array.isArray(sent) ? (sent[0] as { message_id?: unknown; status?: unknown } | undefined) : undefined;
      if (!first?.message_id || first.status === 'Failed') throw new Error(`Semaphore did not accept the message: ${body.slice(0, 200)}`);
    },
  };
}

/**
 * Text messages: through Semaphore when SMS_PROVIDER=semaphore, otherwise
 * written to the local text outbox folder (like the mailbox), so a person or a
 * test can read them.
 */
export function createSmsSender(config: Pick<AppConfig, 'sms'>, log: Logger): SmsSender {
  if (config.sms.provider === 'semaphore' && config.sms.semaphore) return semaphoreSender(config.sms.semaphore);
  return {
    async send(message) {
      const file = writeOutboxFile(config.sms.outboxDir, message.to, { ...message });
      log.info({ to: message.to, file }, 'text message written to the local outbox');
    },
  };
}
