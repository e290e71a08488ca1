import { apiRequest, isApiError } from '@samgyup/shared';

/** How the reservation is paid, as GET /api/reservations/{id}/payment answers (amounts in centavos). */
export interface ReservationPayment {
  provider: 'proof' | 'paymongo';
  online_methods: string[];
  reservation_id: number;
  status: string;
  payment_status: string;
  amount_due_centavos: number;
  hold_expires_at: string | null;
  payments: { amount_centavos: number; method: string; outcome: 'applied' | 'short' | 'late' | 'duplicate' | 'failed'; paid_at: string | null }[];
  refunds: { amount_centavos: number; status: string; created_at: string }[];
}

/** GET /api/reservations/{id}/payment: the owner's payment status (the API asks PayMongo when a webhook is late). */
export async function getReservationPayment(id: number, signal?: AbortSignal): Promise<ReservationPayment> {
  return readPaymentAnswer(await apiRequest<unknown>(`/api/reservations/${id}/payment`, { auth: true, signal }));
}

/** The payment in an answer of GET /api/reservations/{id}/payment; throws when it is not one. */
export function readPaymentAnswer(answer: unknown): ReservationPayment {
  const data = (answer as { data?: ReservationPayment } | null)?.data;
  if (!data || typeof data.amount_due_centavos !== 'number') throw new Error('The payment answer had no data');
  return data;
}

/** POST /api/reservations/{id}/checkout: PayMongo's hosted checkout page for the down payment. */
export async function startCheckout(id: number): Promise<string> {
  const answer = await apiRequest<{ data?: { checkout_url?: string } }>(`/api/reservations/${id}/checkout`, { method: 'POST', auth: true });
  const url = answer?.data?.checkout_url;
  if (typeof url !== 'string' || !/^https?:\/\//.test(url)) throw new Error('The checkout answer had no address');
  return url;
}

const METHOD_NAMES: Record<string, string> = {
  gcash: 'GCash',
  paymaya: 'Maya',
  qrph: 'QR Ph',
  card: 'card',
  grab_pay: 'GrabPay',
  shopee_pay: 'ShopeePay',
  billease: 'BillEase',
  dob: 'online banking',
  brankas_bdo: 'BDO Online',
};

/** "GCash, Maya, QR Ph or card". */
export function methodList(methods: string[]): string {
  const names = methods.map((method) => METHOD_NAMES[method] ?? method);
  return names.length <= 1 ? names.join('') : `${names.slice(0, -1).join(', ')} or ${names[names.length - 1]}`;
}

export function paymentErrorMessage(error: unknown, fallback: string): string {
  return (isApiError(error) && error.serverMessage) || fallback;
}
