import { apiRequest, isApiError, PAYMENT_PROOF_MAX_BYTES, PAYMENT_PROOF_TYPES } from '@samgyup/shared';
import { reservationMessages } from '@samgyup/shared/validation';

/** What is wrong with a picked file before sending it, or null. The server checks the content again. */
export function proofFileProblem(file: File | null): string | null {
  if (!file) return reservationMessages.proofRequired;
  if (!(PAYMENT_PROOF_TYPES as readonly string[]).includes(file.type)) return reservationMessages.proofType;
  if (file.size > PAYMENT_PROOF_MAX_BYTES) return reservationMessages.proofTooLarge;
  return null;
}

/** POST /api/reservations/{id}/payment-proof as multipart with the field `file`. */
export async function uploadProof(reservationId: number, file: File): Promise<void> {
  const body = new FormData();
  body.append('file', file, file.name);
  await apiRequest(`/api/reservations/${reservationId}/payment-proof`, { method: 'POST', auth: true, body, timeoutMs: 60_000 });
}

export function uploadErrorMessage(error: unknown): string {
  return (isApiError(error) && error.serverMessage) || reservationMessages.uploadFailed;
}
