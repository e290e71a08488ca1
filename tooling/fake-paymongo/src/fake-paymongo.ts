import { randomBytes, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { checkoutPage, closedCheckoutPage } from './checkout-page';
import { signWebhook } from './webhook-signature';

/**
 * A local stand-in for PayMongo's API, following its documentation
 * (developers.paymongo.com): Checkout Sessions v1 and v2 (create, retrieve,
 * expire), refunds (create, retrieve), Basic auth with the secret key, JSON:API
 * resources `{ data: { id, type, attributes } }`, errors `{ errors: [{ code, detail }] }`,
 * the hosted checkout page, and signed webhooks. Tests steer it through the
 * methods below or, from another process, through `/__fake/...`.
 */

export const PAYMENT_METHOD_TYPES = ['gcash', 'paymaya', 'qrph', 'card', 'grab_pay', 'shopee_pay', 'billease', 'dob', 'brankas_bdo'] as const;
const REFUND_REASONS = ['duplicate', 'fraudulent', 'requested_by_customer', 'others'];

export interface FakePaymongoOptions {
  secretKey: string;
  webhookSecret: string;
  /** Where events are sent (POST, signed); none: events are only kept. */
  webhookUrl?: string;
  port?: number;
  host?: string;
}

export interface Resource<A = Record<string, unknown>> {
  id: string;
  type: string;
  attributes: A;
}

export interface FakeEvent {
  id: string;
  type: string;
  /** The body exactly as sent (or as it would have been). */
  body: string;
  delivered: boolean;
}

export interface RecordedRequest {
  method: string;
  path: string;
  body: unknown;
}

export interface FakeSettings {
  /** Keep events instead of sending them (a webhook lost on the way). */
  withholdWebhooks: boolean;
  /** The next payments come this many centavos short of what the session asks. */
  shortByCentavos: number;
  /** Refund requests are refused, as PayMongo refuses one it cannot make. */
  refuseRefunds: boolean;
  webhookUrl: string | null;
}

export interface FakePaymongo {
  url: string;
  settings: FakeSettings;
  /** Every API call it answered (not the checkout page or /__fake), oldest first. */
  requests: RecordedRequest[];
  events: FakeEvent[];
  /** What clicking Pay on the checkout page does: pays the session with `method`, sends the events. */
  pay(sessionId: string, method: string): Promise<Resource>;
  /** Sends an event (again) to the webhook URL, or to `url`; answers the HTTP status. */
  deliver(eventId: string, url?: string): Promise<number>;
  close(): Promise<void>;
}

const now = () => Math.floor(Date.now() / 1000);
const newId = (prefix: string) => `${prefix}_${randomBytes(12).toString('base64url').replace(/[-_]/g, 'x')}`;

class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    detail: string,
    readonly pointer?: string,
  ) {
    super(detail);
  }
}

async function readBody(request: IncomingMessage, limit = 1024 * 1024): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > limit) throw new ApiError(413, 'payload_too_large', 'The request body is too large.');
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

function send(response: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  response.writeHead(status, { 'content-type': 'application/json', ...headers });
  response.end(JSON.stringify(body));
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** `data.attributes` of a JSON:API request body, or a parameter error. */
function attributesOf(raw: string): Record<string, unknown> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    throw new ApiError(400, 'parameter_format_invalid', 'The request body is not valid JSON.');
  }
  const attributes = isRecord(parsed) && isRecord(parsed.data) ? parsed.data.attributes : undefined;
  if (!isRecord(attributes)) throw new ApiError(400, 'parameter_required', 'data.attributes is required.', 'data.attributes');
  return attributes;
}

function checkLineItems(value: unknown) {
  if (!Array.isArray(value) || value.length === 0) throw new ApiError(400, 'parameter_required', 'line_items is required.', 'attributes.line_items');
  return value.map((item, index) => {
    const at = `attributes.line_items.${index}`;
    if (!isRecord(item)) throw new ApiError(400, 'parameter_data_type_invalid', `${at} must be an object.`, at);
    const { name, amount, currency, quantity } = item;
    if (typeof name !== 'string' || !name) throw new ApiError(400, 'parameter_required', `${at}.name is required.`, `${at}.name`);
    if (!Number.isInteger(amount) || (amount as number) <= 0) throw new ApiError(400, 'parameter_data_type_invalid', `${at}.amount must be a positive integer.`, `${at}.amount`);
    if (currency !== 'PHP') throw new ApiError(400, 'parameter_invalid', `${at}.currency must be PHP.`, `${at}.currency`);
    if (!Number.isInteger(quantity) || (quantity as number) < 1)
      throw new ApiError(400, 'parameter_data_type_invalid', `${at}.quantity must be a positive integer.`, `${at}.quantity`);
    return { name, amount: amount as number, currency, quantity: quantity as number, description: typeof item.description === 'string' ? item.description : null };
  });
}

export async function startFakePaymongo(options: FakePaymongoOptions): Promise<FakePaymongo> {
  const sessions = new Map<string, Resource<Record<string, unknown> & { payments: Resource[] }>>();
  const payments = new Map<string, Resource<Record<string, unknown> & { amount: number; refunds: Resource[] }>>();
  const refunds = new Map<string, Resource<Record<string, unknown> & { amount: number; status: string }>>();
  const settings: FakeSettings = { withholdWebhooks: false, shortByCentavos: 0, refuseRefunds: false, webhookUrl: options.webhookUrl ?? null };
  const requests: RecordedRequest[] = [];
  const events: FakeEvent[] = [];
  let baseUrl = '';
  const timers = new Set<NodeJS.Timeout>();

  const expectedAuth = Buffer.from(`Basic ${Buffer.from(`${options.secretKey}:`).toString('base64')}`);
  function checkAuth(request: IncomingMessage) {
    const given = Buffer.from(request.headers.authorization ?? '');
    if (given.length !== expectedAuth.length || !timingSafeEqual(given, expectedAuth)) {
      throw new ApiError(401, 'api_key_invalid', 'API key is invalid or missing.');
    }
  }

  async function deliver(eventId: string, url = settings.webhookUrl ?? undefined): Promise<number> {
    const event = events.find((candidate) => candidate.id === eventId);
    if (!event) throw new Error(`No event ${eventId}`);
    if (!url) return 0;
    const answer = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'paymongo-signature': signWebhook(options.webhookSecret, event.body) },
      body: event.body,
    }).catch(() => null);
    if (answer?.ok) event.delivered = true;
    return answer?.status ?? 0;
  }

  async function emit(type: string, resource: Resource): Promise<void> {
    const id = newId('evt');
    const body = JSON.stringify({
      data: { id, type: 'event', attributes: { type, livemode: false, data: resource, previous_data: {}, created_at: now(), updated_at: now() } },
    });
    events.push({ id, type, body, delivered: false });
    if (!settings.withholdWebhooks) await deliver(id);
  }

  function createSession(raw: string): Resource {
    const attributes = attributesOf(raw);
    const lineItems = checkLineItems(attributes.line_items);
    const methods = attributes.payment_method_types;
    if (!Array.isArray(methods) || methods.length === 0) {
      throw new ApiError(400, 'parameter_required', 'payment_method_types is required.', 'attributes.payment_method_types');
    }
    for (const method of methods) {
      if (!(PAYMENT_METHOD_TYPES as readonly unknown[]).includes(method)) {
        throw new ApiError(400, 'parameter_invalid', `payment_method_types contains an invalid value: ${String(method)}.`, 'attributes.payment_method_types');
      }
    }
    for (const field of ['success_url', 'cancel_url'] as const) {
      const value = attributes[field];
      if (value !== undefined && (typeof value !== 'string' || !/^https?:\/\//.test(value))) {
        throw new ApiError(400, 'parameter_format_invalid', `${field} format is invalid.`, `attributes.${field}`);
      }
    }
    if (attributes.metadata !== undefined && !isRecord(attributes.metadata)) {
      throw new ApiError(400, 'parameter_data_type_invalid', 'metadata must be an object.', 'attributes.metadata');
    }
    const id = newId('cs');
    const amount = lineItems.reduce((sum, item) => sum + item.amount * item.quantity, 0);
    const session = {
      id,
      type: 'checkout_session',
      attributes: {
        billing: null,
        cancel_url: attributes.cancel_url ?? null,
        checkout_url: `${baseUrl}/checkout/${id}`,
        client_key: `${id}_client_${randomBytes(12).toString('hex')}`,
        description: typeof attributes.description === 'string' ? attributes.description : null,
        line_items: lineItems,
        livemode: false,
        merchant: 'Fake PayMongo merchant',
        payments: [] as Resource[],
        payment_intent: {
          id: newId('pi'),
          type: 'payment_intent',
          attributes: { amount, currency: 'PHP', status: 'awaiting_payment_method', payment_method_allowed: methods, livemode: false, created_at: now(), updated_at: now() },
        },
        payment_method_types: methods,
        payment_method_used: null as string | null,
        reference_number: typeof attributes.reference_number === 'string' ? attributes.reference_number : null,
        send_email_receipt: Boolean(attributes.send_email_receipt),
        show_description: Boolean(attributes.show_description),
        show_line_items: Boolean(attributes.show_line_items),
        status: 'active',
        success_url: attributes.success_url ?? null,
        metadata: (attributes.metadata as Record<string, unknown> | undefined) ?? null,
        paid_at: null as number | null,
        created_at: now(),
        updated_at: now(),
      },
    };
    sessions.set(id, session);
    return session;
  }

  function sessionOr404(id: string) {
    const session = sessions.get(id);
    if (!session) throw new ApiError(404, 'resource_not_found', `No such checkout_session with id ${id}.`);
    return session;
  }

  async function pay(sessionId: string, method: string): Promise<Resource> {
    const session = sessionOr404(sessionId);
    const attributes = session.attributes;
    if (attributes.status !== 'active' || attributes.payments.length > 0) throw new ApiError(400, 'resource_failed_state', 'This checkout session can no longer be paid.');
    if (!(attributes.payment_method_types as string[]).includes(method)) throw new ApiError(400, 'parameter_invalid', `${method} is not offered by this checkout session.`);
    const intent = attributes.payment_intent as Resource<Record<string, unknown> & { amount: number }>;
    const amount = Math.max(100, intent.attributes.amount - settings.shortByCentavos);
    const payment = {
      id: newId('pay'),
      type: 'payment',
      attributes: {
        amount,
        currency: 'PHP',
        description: attributes.description,
        fee: Math.round(amount * 0.025),
        net_amount: amount - Math.round(amount * 0.025),
        livemode: false,
        payment_intent_id: intent.id,
        source: { id: newId('src'), type: method },
        status: 'paid',
        metadata: attributes.metadata,
        refunds: [] as Resource[],
        paid_at: now(),
        created_at: now(),
        updated_at: now(),
      },
    };
    payments.set(payment.id, payment);
    attributes.payments.push(payment);
    attributes.payment_method_used = method;
    attributes.paid_at = now();
    attributes.updated_at = now();
    intent.attributes.status = 'succeeded';
    await emit('checkout_session.payment.paid', session);
    await emit('payment.paid', payment);
    return payment;
  }

  function createRefund(raw: string): Resource {
    const attributes = attributesOf(raw);
    const { amount, payment_id: paymentId, reason, notes } = attributes;
    if (typeof paymentId !== 'string') throw new ApiError(400, 'parameter_required', 'payment_id is required.', 'attributes.payment_id');
    if (!Number.isInteger(amount) || (amount as number) < 100) throw new ApiError(400, 'parameter_below_minimum', 'amount must be at least 100.', 'attributes.amount');
    if (typeof reason !== 'string' || !REFUND_REASONS.includes(reason)) throw new ApiError(400, 'parameter_invalid', 'reason is invalid.', 'attributes.reason');
    if (notes !== undefined && (typeof notes !== 'string' || notes.length > 255))
      throw new ApiError(400, 'parameter_above_maximum', 'notes must be at most 255 characters.', 'attributes.notes');
    const payment = payments.get(paymentId);
    if (!payment) throw new ApiError(404, 'resource_not_found', `No such payment with id ${paymentId}.`);
    if (settings.refuseRefunds) throw new ApiError(400, 'resource_failed_state', 'The payment cannot be refunded at this time.');
    const refunded = payment.attributes.refunds.reduce((sum, refund) => sum + (refund.attributes.amount as number), 0);
    if ((amount as number) > payment.attributes.amount - refunded) {
      throw new ApiError(400, 'parameter_above_maximum', 'amount is more than what is left to refund on this payment.', 'attributes.amount');
    }
    const refund = {
      id: newId('ref'),
      type: 'refund',
      attributes: {
        amount: amount as number,
        currency: 'PHP',
        livemode: false,
        notes: notes ?? null,
        payment_id: paymentId,
        payout_id: null,
        reason,
        status: 'pending',
        metadata: isRecord(attributes.metadata) ? attributes.metadata : null,
        created_at: now(),
        updated_at: now(),
      },
    };
    refunds.set(refund.id, refund);
    payment.attributes.refunds.push(refund);
    // PayMongo settles a refund later and says so by webhook.
    const timer = setTimeout(() => {
      timers.delete(timer);
      refund.attributes.status = 'succeeded';
      refund.attributes.updated_at = now();
      if (refunded + refund.attributes.amount >= payment.attributes.amount) payment.attributes.status = 'refunded';
      void emit('payment.refund.updated', refund).then(() => emit('payment.refunded', payment));
    }, 50);
    timers.add(timer);
    return refund;
  }

  async function api(request: IncomingMessage, response: ServerResponse, path: string) {
    const method = request.method ?? 'GET';
    const raw = method === 'POST' ? await readBody(request) : '';
    let body: unknown = raw;
    try {
      body = raw ? JSON.parse(raw) : null;
    } catch {
      // kept as text; the endpoint says what is wrong with it
    }
    requests.push({ method, path, body });
    checkAuth(request);
    let match: RegExpExecArray | null;
    if (method === 'POST' && /^\/v[12]\/checkout_sessions$/.test(path)) return send(response, 200, { data: createSession(raw) });
    if (method === 'GET' && (match = /^\/v[12]\/checkout_sessions\/([\w-]+)$/.exec(path))) return send(response, 200, { data: sessionOr404(match[1]) });
    if (method === 'POST' && (match = /^\/v[12]\/checkout_sessions\/([\w-]+)\/expire$/.exec(path))) {
      const session = sessionOr404(match[1]);
      if (session.attributes.status !== 'active' || session.attributes.payments.length > 0)
        throw new ApiError(400, 'resource_failed_state', 'Only an active, unpaid checkout session can be expired.');
      session.attributes.status = 'expired';
      session.attributes.updated_at = now();
      return send(response, 200, { data: session });
    }
    if (method === 'POST' && path === '/v1/refunds') return send(response, 200, { data: createRefund(raw) });
    if (method === 'GET' && (match = /^\/v1\/refunds\/([\w-]+)$/.exec(path))) {
      const refund = refunds.get(match[1]);
      if (!refund) throw new ApiError(404, 'resource_not_found', `No such refund with id ${match[1]}.`);
      return send(response, 200, { data: refund });
    }
    if (method === 'GET' && (match = /^\/v1\/payments\/([\w-]+)$/.exec(path))) {
      const payment = payments.get(match[1]);
      if (!payment) throw new ApiError(404, 'resource_not_found', `No such payment with id ${match[1]}.`);
      return send(response, 200, { data: payment });
    }
    throw new ApiError(404, 'resource_not_found', `${method} ${path} is not an endpoint.`);
  }

  /** The hosted checkout page and its Pay buttons. */
  async function checkout(request: IncomingMessage, response: ServerResponse, path: string) {
    const match = /^\/checkout\/([\w-]+)(\/pay)?$/.exec(path);
    const session = match ? sessions.get(match[1]) : undefined;
    const html = (status: number, page: string) => {
      response.writeHead(status, { 'content-type': 'text/html; charset=utf-8' });
      response.end(page);
    };
    if (!match || !session) return html(404, closedCheckoutPage('This checkout link is not valid.'));
    const open = session.attributes.status === 'active' && session.attributes.payments.length === 0;
    if (!match[2]) return html(open ? 200 : 410, open ? checkoutPage(session) : closedCheckoutPage('This checkout session is closed.'));
    if (request.method !== 'POST') return html(405, closedCheckoutPage('Choose a payment method on the checkout page.'));
    const chosen = new URLSearchParams(await readBody(request, 4096)).get('method') ?? '';
    await pay(session.id, chosen);
    response.writeHead(303, { location: String(session.attributes.success_url ?? `${baseUrl}/checkout/${session.id}`) });
    response.end();
  }

  /** Steering from another process (the README's manual run, a second test process). */
  async function control(request: IncomingMessage, response: ServerResponse, path: string) {
    if (path === '/__fake/settings' && request.method === 'POST') {
      const change = JSON.parse((await readBody(request)) || '{}') as Partial<FakeSettings>;
      Object.assign(settings, change);
      return send(response, 200, settings);
    }
    if (path === '/__fake/requests') return send(response, 200, requests);
    if (path === '/__fake/events') return send(response, 200, events);
    const deliverMatch = /^\/__fake\/events\/([\w-]+)\/deliver$/.exec(path);
    if (deliverMatch && request.method === 'POST') return send(response, 200, { status: await deliver(deliverMatch[1]) });
    const payMatch = /^\/__fake\/checkout_sessions\/([\w-]+)\/pay$/.exec(path);
    if (payMatch && request.method === 'POST') {
      const { method } = JSON.parse((await readBody(request)) || '{}') as { method?: string };
      return send(response, 200, { data: await pay(payMatch[1], method ?? 'gcash') });
    }
    throw new ApiError(404, 'resource_not_found', `${request.method} ${path} is not a control of the fake.`);
  }

  const server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://fake').pathname;
    const handler = path.startsWith('/checkout/') ? checkout : path.startsWith('/__fake/') ? control : api;
    handler(request, response, path).catch((error: unknown) => {
      if (response.headersSent) return response.end();
      if (error instanceof ApiError) {
        const detail = { code: error.code, detail: error.message, ...(error.pointer ? { source: { pointer: error.pointer, attribute: error.pointer.split('.').pop() } } : {}) };
        return send(response, error.status, { errors: [detail] });
      }
      send(response, 500, { errors: [{ code: 'internal_error', detail: error instanceof Error ? error.message : String(error) }] });
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, options.host ?? '127.0.0.1', resolve));
  const address = server.address() as AddressInfo;
  baseUrl = `http://${options.host ?? '127.0.0.1'}:${address.port}`;

  return {
    url: baseUrl,
    settings,
    requests,
    events,
    pay,
    deliver,
    close: () =>
      new Promise<void>((resolve) => {
        for (const timer of timers) clearTimeout(timer);
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
