import { apiRequest, isApiError, RESERVATION_DURATION_HOURS, sessionStore } from '@samgyup/shared';
import { reservationMessages } from '@samgyup/shared/validation';
import type { ReservationRecord } from '@samgyup/shared/reservation';
import type { ReservationDraft } from '../draft/reservation-draft';

/**
 * What can help after a failed save: trying again (no answer, a server error), or,
 * once the server has refused it for good, choosing another table (just booked),
 * changing the reservation (a date that has passed…) or logging in again.
 */
export type SaveRemedy = 'try-again' | 'another-table' | 'change-reservation' | 'log-in';

/** A save that failed, in the words the diner sees, with what can help. */
export class ReservationSaveError extends Error {
  constructor(
    message: string,
    readonly remedy: SaveRemedy = 'try-again',
  ) {
    super(message);
  }
}

// Saving is tried this many times, each attempt given this long, with a pause that
// grows by the backoff after each failure (the first version's pace).
const RESERVATION_SAVE_ATTEMPTS = 3;
const RESERVATION_SAVE_TIMEOUT_MS = 10_000;
const RESERVATION_SAVE_BACKOFF_MS = 1000;

function remedyFor(status: number): SaveRemedy {
  if (status === 409) return 'another-table';
  if (status === 401) return 'log-in';
  return 'change-reservation';
}

/** What the API saved: the id, the hold's end, the tables it holds (the restaurant's pick included) and the down payment it asks. */
export interface SavedBooking {
  id: number;
  holdExpiresAt: string | null;
  /** Absent when the API does not say (an older API). */
  tableNumbers?: number[];
  downPaymentDue?: number;
  /** Where the booking stands: a retry of an earlier save answers it as it is now (cancelled, declined, its hold ended…). */
  booking?: Pick<ReservationRecord, 'status' | 'payment_status' | 'decided_by' | 'decline_reason'>;
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A client error is final; no answer, a timeout or a server error is worth another attempt. */
function isFinal(error: unknown): boolean {
  return isApiError(error) && error.kind === 'http' && error.status >= 400 && error.status < 500 && error.status !== 408 && error.status !== 429;
}

/**
 * Saves the reservation for the logged-in diner (the API takes the customer from
 * the login token; the payload names them too): POST /api/reservations with a
 * 10 s timeout, up to 3 attempts with pauses of 1 s then 2 s, and the same
 * Idempotency-Key on every attempt, so a retry can never book twice. Answers the
 * reservation id and when its hold on the table ends (null when the API does not say).
 */
export async function saveReservation(draft: ReservationDraft, pause: (ms: number) => Promise<unknown> = wait): Promise<SavedBooking> {
  const session = sessionStore.getSession();
  if (!session) throw new ReservationSaveError(reservationMessages.noSession, 'log-in');

  let lastError: unknown = null;
  for (let attempt = 1; attempt <= RESERVATION_SAVE_ATTEMPTS; attempt += 1) {
    try {
      const answer = await apiRequest<{
        data?: { id?: number; hold_expires_at?: string | null; table_id?: number; table_numbers?: number[]; down_payment_due?: number } & Partial<
          Pick<ReservationRecord, 'status' | 'payment_status' | 'decided_by' | 'decline_reason'>
        >;
      }>('/api/reservations', {
        method: 'POST',
        auth: true,
        timeoutMs: RESERVATION_SAVE_TIMEOUT_MS,
        headers: { 'Idempotency-Key': draft.idempotency_key },
        body: {
          customer_name: draft.customer_name,
          phone: draft.phone,
          email: draft.email,
          table_id: draft.table_id,
          // A single table keeps the first version's payload; joined tables and the restaurant's choice add their field.
          ...(draft.combination_id ? { combination_id: draft.combination_id } : {}),
          ...(draft.best_table ? { best_table: true } : {}),
          occasion: draft.occasion,
          number_of_guests: draft.number_of_guests,
          reservation_date: draft.reservation_date,
          reservation_time: draft.reservation_time,
          duration_hours: RESERVATION_DURATION_HOURS,
          payment_amount: 0,
          payment_status: 'pending',
          status: 'pending',
          notes: draft.notes,
          customer_id: session.user.id ?? null,
        },
      });
      if (typeof answer?.data?.id !== 'number') throw new ReservationSaveError(reservationMessages.saveFailed);
      const holdEnd = answer.data.hold_expires_at;
      const tableNumbers = answer.data.table_numbers;
      return {
        id: answer.data.id,
        holdExpiresAt: typeof holdEnd === 'string' && !Number.isNaN(Date.parse(holdEnd)) ? holdEnd : null,
        tableNumbers: Array.isArray(tableNumbers) && tableNumbers.every(Number.isInteger) && tableNumbers.length > 0 ? tableNumbers : undefined,
        downPaymentDue: Number.isInteger(answer.data.down_payment_due) ? answer.data.down_payment_due : undefined,
        booking:
          typeof answer.data.status === 'string' && typeof answer.data.payment_status === 'string'
            ? {
                status: answer.data.status,
                payment_status: answer.data.payment_status,
                decided_by: answer.data.decided_by ?? null,
                decline_reason: answer.data.decline_reason ?? null,
              }
            : undefined,
      };
    } catch (error) {
      if (error instanceof ReservationSaveError) throw error;
      if (isFinal(error)) {
        const apiError = error as { status: number; serverMessage: string | null };
        throw new ReservationSaveError(apiError.serverMessage ?? reservationMessages.saveFailed, remedyFor(apiError.status));
      }
      lastError = error;
      if (attempt < RESERVATION_SAVE_ATTEMPTS) await pause(RESERVATION_SAVE_BACKOFF_MS * attempt);
    }
  }
  if (isApiError(lastError) && lastError.kind === 'timeout') throw new ReservationSaveError(reservationMessages.timeout);
  throw new ReservationSaveError(reservationMessages.saveFailed);
}
