import type { PaymentSettings } from '../../config';
import { createPaymongoCheckout } from './paymongo-checkout';

/** A payment as the provider reports it (amounts in centavos). */
export interface ProviderPayment {
  id: string;
  amountCentavos: number;
  currency: string;
  /** gcash, paymaya, qrph, card… */
  method: string;
  status: 'paid' | 'failed' | 'pending' | 'refunded';
  paidAt: Date | null;
  paymentIntentId: string | null;
}

export interface ProviderSession {
  id: string;
  checkoutUrl: string;
  paymentIntentId: string | null;
  /** active: can still be paid; expired: cannot. */
  status: 'active' | 'expired';
  payments: ProviderPayment[];
}

export interface ProviderRefund {
  id: string;
  status: 'pending' | 'succeeded' | 'failed';
  paymentId: string;
}

/** A verified webhook event, reduced to what the payments service acts on. */
export type ProviderEvent =
  | { id: string; kind: 'session-paid'; session: ProviderSession }
  | { id: string; kind: 'payment'; payment: ProviderPayment }
  | { id: string; kind: 'refund'; refunds: ProviderRefund[] }
  | { id: string; kind: 'other'; type: string };

export interface NewCheckout {
  reservationId: number;
  amountCentavos: number;
  itemName: string;
  description: string;
  successUrl: string;
  cancelUrl: string;
}

/** The provider said no (a 4xx): retrying the same request will not help. */
export class ProviderRefusedError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    detail: string,
  ) {
    super(detail);
    this.name = 'ProviderRefusedError';
  }
}

/** The provider could not be reached or failed (network, timeout, 5xx): try again later. */
export class ProviderUnavailableError extends Error {
  constructor(detail: string) {
    super(detail);
    this.name = 'ProviderUnavailableError';
  }
}

/** Online checkout through a payment provider (PayMongo's hosted checkout). */
export interface OnlineCheckout {
  methods: readonly string[];
  createSession(input: NewCheckout): Promise<ProviderSession>;
  retrieveSession(id: string): Promise<ProviderSession>;
  expireSession(id: string): Promise<void>;
  createRefund(input: { paymentId: string; amountCentavos: number; reason: string; notes: string; reservationId: number }): Promise<ProviderRefund>;
  /** The event when `signatureHeader` proves the raw body came from the provider, recently; null otherwise. */
  verifyWebhook(rawBody: string, signatureHeader: string | undefined, now?: Date): ProviderEvent | null;
}

/**
 * How diners pay the down payment: `proof` (the restaurant's QR and an
 * uploaded screenshot, which staff check) has no online checkout; `paymongo`
 * adds PayMongo's hosted checkout beside the proof upload.
 */
export interface PaymentProvider {
  name: PaymentSettings['provider'];
  checkout: OnlineCheckout | null;
}

export function createPaymentProvider(settings: PaymentSettings): PaymentProvider {
  if (settings.provider === 'proof') return { name: 'proof', checkout: null };
  return { name: 'paymongo', checkout: createPaymongoCheckout(settings) };
}
