/** A payment PayMongo reported for a reservation, and what it did (amounts in centavos). */
export interface OnlinePayment {
  id: number;
  provider_payment_id: string;
  amount_centavos: number;
  currency: string;
  method: string;
  outcome: 'applied' | 'short' | 'late' | 'duplicate' | 'failed';
  paid_at: string | null;
}

export interface PaymentRefund {
  id: number;
  reservation_id: number;
  provider_refund_id: string | null;
  provider_payment_id: string;
  amount_centavos: number;
  reason: string;
  notes: string;
  status: 'requested' | 'sending' | 'pending' | 'succeeded' | 'failed';
  last_error: string | null;
  requested_by: string;
  created_at: string;
}

/** GET /api/staff/reservations/{id}/payments. */
export interface ReservationPayments {
  paid_by: 'online' | 'proof' | null;
  asked_centavos: number;
  paid_centavos: number;
  payments: OnlinePayment[];
  refunds: PaymentRefund[];
}

const METHOD_NAMES: Record<string, string> = { gcash: 'GCash', paymaya: 'Maya', qrph: 'QR Ph', card: 'card', grab_pay: 'GrabPay', shopee_pay: 'ShopeePay' };
export const methodName = (method: string) => METHOD_NAMES[method] ?? method;

export const OUTCOME_WORDS: Record<OnlinePayment['outcome'], string> = {
  applied: 'paid the reservation',
  short: 'short of the amount asked: the reservation is not paid',
  late: 'came after the table was gone: refunded',
  duplicate: 'paid twice: refunded',
  failed: 'failed',
};

export const REFUND_WORDS: Record<PaymentRefund['status'], string> = {
  requested: 'waiting to be sent to PayMongo',
  sending: 'being sent to PayMongo',
  pending: 'accepted by PayMongo, on its way',
  succeeded: 'refunded',
  failed: 'refused by PayMongo',
};
