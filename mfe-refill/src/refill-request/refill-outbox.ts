import { apiRequest, isApiError, readJson, writeJson } from '@samgyup/shared';
import { refillStorageKeys } from '../storage/refill-storage';

/**
 * A refill request on its way: kept on the phone before it is sent, so one made
 * on the restaurant's weak Wi-Fi is not lost, and sent again with the same
 * Idempotency-Key until the server has it (the server files it once).
 */
export interface QueuedRefill {
  key: string;
  tableCode: string;
  requestType: string;
  notes: string;
  customerId: number | null;
  /** Sent with the diner's login token (linked to their account). */
  signedIn: boolean;
  queuedAt: number;
}

const read = () => readJson<QueuedRefill[]>(refillStorageKeys.refillOutbox) ?? [];
const write = (queue: QueuedRefill[]) => writeJson(refillStorageKeys.refillOutbox, queue.length > 0 ? queue : null);

/** A key the server can tell retries by: random, 8 to 100 letters, digits or dashes. */
export function newRefillKey(): string {
  const random = globalThis.crypto?.randomUUID?.() ?? `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
  return `refill-${random}`;
}

export function queueRefill(refill: QueuedRefill): void {
  write([...read().filter((queued) => queued.key !== refill.key), refill]);
}

/** What this table still has to send, oldest first. */
export function queuedRefills(tableCode: string): QueuedRefill[] {
  return read().filter((queued) => queued.tableCode === tableCode);
}

export function forgetRefill(key: string): void {
  write(read().filter((queued) => queued.key !== key));
}

/** Sends one queued request; answers its id. A network failure leaves it queued; any answer takes it off. */
export async function sendQueuedRefill(refill: QueuedRefill): Promise<number> {
  try {
    const answer = await apiRequest<{ id?: number; data?: { id?: number } }>('/api/refill-requests', {
      method: 'POST',
      // A logged-in diner is linked by their token; the API never trusts customer_id alone.
      auth: refill.signedIn,
      headers: { 'Idempotency-Key': refill.key },
      body: { table_code: refill.tableCode, customer_id: refill.customerId, request_type: refill.requestType, notes: refill.notes },
    });
    forgetRefill(refill.key);
    const id = answer?.id ?? answer?.data?.id;
    if (typeof id !== 'number') throw new Error('The refill answer had no id');
    return id;
  } catch (error) {
    if (!(isApiError(error) && error.isNetworkError)) forgetRefill(refill.key);
    throw error;
  }
}
