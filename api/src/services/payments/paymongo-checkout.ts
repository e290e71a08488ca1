import { createHmac, timingSafeEqual } from 'node:crypto';
import type { PaymentSettings } from '../../config';
import { ProviderRefusedError, ProviderUnavailableError, type OnlineCheckout, type ProviderPayment, type ProviderRefund, type ProviderSession } from './payment-provider';

type PaymongoSettings = Extract<PaymentSettings, { provider: 'paymongo' }>;

/** How long one call to PayMongo may take before it counts as unavailable. */
const CALL_TIMEOUT_MS = 10_000;
/** A webhook signed further than this from now is refused (a replay of an old capture). */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

type Json = Record<string, unknown>;
const isRecord = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);
const text = (value: unknown): string | null => (typeof value === 'string' && value ? value : null);
/** An id as PayMongo writes them (`pay_…`, `cs_…`); anything longer is not one. */
const idText = (value: unknown): string | null => (typeof value === 'string' && /^[\w-]{1,100}$/.test(value) ? value : null);
const unixTime = (value: unknown): Date | null => (typeof value === 'number' && Number.isFinite(value) ? new Date(value * 1000) : null);

/** A PayMongo payment resource (`{ id, type: 'payment', attributes }`). */
function toPayment(resource: unknown): ProviderPayment | null {
  if (!isRecord(resource) || !isRecord(resource.attributes) || !idText(resource.id)) return null;
  const attributes = resource.attributes;
  const source = isRecord(attributes.source) ? attributes.source : {};
  const amount = attributes.amount;
  if (typeof amount !== 'number' || !Number.isInteger(amount) || amount < 0) return null;
  const status = attributes.status;
  return {
    id: resource.id as string,
    amountCentavos: amount,
    currency: text(attributes.currency) ?? '',
    method: (text(source.type) ?? text(attributes.payment_method_used) ?? 'unknown').slice(0, 40),
    status: status === 'paid' || status === 'failed' || status === 'refunded' ? status : 'pending',
    paidAt: unixTime(attributes.paid_at),
    paymentIntentId: idText(attributes.payment_intent_id),
  };
}

/** A PayMongo checkout_session resource. */
function toSession(resource: unknown): ProviderSession | null {
  if (!isRecord(resource) || !isRecord(resource.attributes) || !idText(resource.id)) return null;
  const attributes = resource.attributes;
  const intent = isRecord(attributes.payment_intent) ? attributes.payment_intent : null;
  const used = text(attributes.payment_method_used);
  const payments = (Array.isArray(attributes.payments) ? attributes.payments : [])
    .map(toPayment)
    .filter((payment): payment is ProviderPayment => payment !== null)
    .map((payment) => (payment.method === 'unknown' && used ? { ...payment, method: used } : payment));
  return {
    id: resource.id as string,
    checkoutUrl: text(attributes.checkout_url) ?? '',
    paymentIntentId: idText(intent?.id),
    status: attributes.status === 'expired' ? 'expired' : 'active',
    payments,
  };
}

function toRefund(resource: unknown): ProviderRefund | null {
  if (!isRecord(resource) || !isRecord(resource.attributes) || !idText(resource.id)) return null;
  const status = resource.attributes.status;
  return {
    id: resource.id as string,
    paymentId: idText(resource.attributes.payment_id) ?? '',
    status: status === 'succeeded' || status === 'failed' ? status : 'pending',
  };
}

/** `t=…,te=…,li=…` split into its parts; missing parts are empty. */
function signatureParts(header: string): { t: string; te: string; li: string } {
  const parts: Record<string, string> = {};
  for (const piece of header.split(',')) {
    const at = piece.indexOf('=');
    if (at > 0) parts[piece.slice(0, at).trim()] = piece.slice(at + 1).trim();
  }
  return { t: parts.t ?? '', te: parts.te ?? '', li: parts.li ?? '' };
}

/**
 * PayMongo's Checkout API (developers.paymongo.com: "Create a Checkout Session",
 * "Retrieve a Checkout Session", "Expire a Checkout Session", "Create a Refund",
 * "Securing a webhook"). The secret key is the Basic auth user name; it is read
 * from its Secret only here and never put into an error or a log line.
 */
export function createPaymongoCheckout(settings: PaymongoSettings): OnlineCheckout {
  const live = settings.secretKey.reveal().startsWith('sk_live_');

  async function call(method: 'GET' | 'POST', path: string, body?: object): Promise<Json> {
    let answer: Response;
    try {
      answer = await fetch(`${settings.apiUrl}${path}`, {
        method,
        headers: {
          accept: 'application/json',
          authorization: `Basic ${Buffer.from(`${settings.secretKey.reveal()}:`).toString('base64')}`,
          ...(body ? { 'content-type': 'application/json' } : {}),
        },
        body: body ? JSON.stringify(body) : undefined,
        signal: AbortSignal.timeout(CALL_TIMEOUT_MS),
      });
    } catch (error) {
      throw new ProviderUnavailableError(`PayMongo ${method} ${path} did not answer: ${error instanceof Error ? error.name : 'error'}`);
    }
    const payload: unknown = await answer.json().catch(() => null);
    if (answer.status >= 500 || !isRecord(payload)) throw new ProviderUnavailableError(`PayMongo ${method} ${path} answered ${answer.status}`);
    if (!answer.ok) {
      const first = Array.isArray(payload.errors) && isRecord(payload.errors[0]) ? payload.errors[0] : {};
      throw new ProviderRefusedError(answer.status, text(first.code) ?? 'unknown', (text(first.detail) ?? `answered ${answer.status}`).slice(0, 300));
    }
    return payload;
  }

  const resourceOf = <T>(payload: Json, read: (resource: unknown) => T | null, what: string): T => {
    const resource = read(payload.data);
    if (!resource) throw new ProviderUnavailableError(`PayMongo answered a ${what} this API cannot read`);
    return resource;
  };

  return {
    methods: settings.methods,
    async createSession(input) {
      const payload = await call('POST', '/v1/checkout_sessions', {
        data: {
          attributes: {
            line_items: [{ name: input.itemName, description: input.description, amount: input.amountCentavos, currency: 'PHP', quantity: 1 }],
            payment_method_types: settings.methods,
            description: input.description,
            reference_number: `reservation-${input.reservationId}`,
            metadata: { reservation_id: String(input.reservationId) },
            success_url: input.successUrl,
            cancel_url: input.cancelUrl,
            send_email_receipt: true,
            show_description: true,
            show_line_items: true,
          },
        },
      });
      return resourceOf(payload, toSession, 'checkout session');
    },
    async retrieveSession(id) {
      return resourceOf(await call('GET', `/v1/checkout_sessions/${encodeURIComponent(id)}`), toSession, 'checkout session');
    },
    async expireSession(id) {
      await call('POST', `/v1/checkout_sessions/${encodeURIComponent(id)}/expire`);
    },
    async createRefund(input) {
      const payload = await call('POST', '/v1/refunds', {
        data: {
          attributes: {
            amount: input.amountCentavos,
            payment_id: input.paymentId,
            reason: input.reason,
            notes: input.notes.slice(0, 255) || undefined,
            metadata: { reservation_id: String(input.reservationId) },
          },
        },
      });
      return resourceOf(payload, toRefund, 'refund');
    },
    verifyWebhook(rawBody, header, now = new Date()) {
      if (!header || header.length > 1000) return null;
      const { t, te, li } = signatureParts(header);
      const given = live ? li : te;
      if (!/^\d{1,12}$/.test(t) || !/^[0-9a-f]{64}$/.test(given)) return null;
      if (Math.abs(now.getTime() / 1000 - Number(t)) > WEBHOOK_TOLERANCE_SECONDS) return null;
      const expected = createHmac('sha256', settings.webhookSecret.reveal()).update(`${t}.${rawBody}`).digest();
      if (!timingSafeEqual(expected, Buffer.from(given, 'hex'))) return null;

      let parsed: unknown;
      try {
        parsed = JSON.parse(rawBody);
      } catch {
        return null;
      }
      const event = isRecord(parsed) && isRecord(parsed.data) ? parsed.data : null;
      const attributes = event && isRecord(event.attributes) ? event.attributes : null;
      const id = idText(event?.id);
      const type = text(attributes?.type);
      if (!id || !type || !attributes || attributes.livemode !== live) return null;
      const data = attributes.data;
      if (type === 'checkout_session.payment.paid') {
        const session = toSession(data);
        if (session) return { id, kind: 'session-paid', session };
      }
      if (type === 'payment.paid' || type === 'payment.failed') {
        const payment = toPayment(data);
        if (payment) return { id, kind: 'payment', payment };
      }
      if (type === 'payment.refund.updated') {
        const refund = toRefund(data);
        if (refund) return { id, kind: 'refund', refunds: [refund] };
      }
      if (type === 'payment.refunded' && isRecord(data) && isRecord(data.attributes)) {
        const refunds = (Array.isArray(data.attributes.refunds) ? data.attributes.refunds : []).map(toRefund).filter((refund): refund is ProviderRefund => refund !== null);
        return { id, kind: 'refund', refunds };
      }
      return { id, kind: 'other', type: type.slice(0, 100) };
    },
  };
}
