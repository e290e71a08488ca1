import { apiRequest, isApiError, refillNotes, refillRequestType, sessionStore, type RefillQuantities } from '@samgyup/shared';
import { refillMessages } from '@samgyup/shared/validation';

/** Sends the refill in the first version's payload; answers the new request's id. */
export async function submitRefill(tableCode: string, quantities: RefillQuantities): Promise<number> {
  const session = sessionStore.getSession();
  const answer = await apiRequest<{ id?: number; data?: { id?: number } }>('/api/refill-requests', {
    method: 'POST',
    // A logged-in diner is linked by their token; the API never trusts customer_id alone.
    auth: Boolean(session),
    body: {
      table_code: tableCode,
      customer_id: session?.user.id ?? null,
      request_type: refillRequestType(quantities),
      notes: refillNotes(quantities),
    },
  });
  const id = answer?.id ?? answer?.data?.id;
  if (typeof id !== 'number') throw new Error('The refill answer had no id');
  return id;
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
