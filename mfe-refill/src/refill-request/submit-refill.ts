import { apiRequest, isApiError, sessionStore } from '@samgyup/shared';
import { refillNotes, refillRequestType, type RefillQuantities } from '@samgyup/shared/refill';
import { refillMessages } from '@samgyup/shared/validation';
import { newRefillKey, queueRefill, sendQueuedRefill } from './refill-outbox';

/**
 * Sends the refill in the first version's payload; answers the new request's id.
 * It is kept on the phone first: when the network fails it stays there, to be
 * sent again with the same key (refill-outbox.ts), and the error says so.
 */
export async function submitRefill(tableCode: string, quantities: RefillQuantities): Promise<number> {
  const session = sessionStore.getSession();
  const refill = {
    key: newRefillKey(),
    tableCode,
    requestType: refillRequestType(quantities),
    notes: refillNotes(quantities),
    customerId: session?.user.id ?? null,
    signedIn: Boolean(session),
    queuedAt: Date.now(),
  };
  queueRefill(refill);
  return sendQueuedRefill(refill);
}

/** The spec: the server's message, else its fallback; a network failure has its own words. */
export function refillErrorMessage(error: unknown): string {
  if (isApiError(error) && error.isNetworkError) return refillMessages.submitNetwork;
  if (isApiError(error) && error.serverMessage) return error.serverMessage;
  return refillMessages.submitFailed;
}

/** At time's up the first version marks the table's current request completed (best effort). */
export async function completeRefill(refillId: string, tableCode: string): Promise<void> {
  try {
    await apiRequest(`/api/refill-requests/${encodeURIComponent(refillId)}/status`, {
      method: 'PATCH',
      body: { status: 'completed', table_code: tableCode },
    });
  } catch (error) {
    console.warn('Could not mark the refill request completed', error);
  }
}
