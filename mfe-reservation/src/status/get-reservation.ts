import { apiRequest } from '@samgyup/shared';
import type { ReservationRecord } from '@samgyup/shared/reservation';

/** The owner's own reservation, as the API sends it. */
export type SavedReservation = ReservationRecord;

/** GET /api/reservations/{id}: the owner's own reservation. */
export async function getReservation(id: number, signal?: AbortSignal): Promise<SavedReservation> {
  const answer = await apiRequest<{ data?: SavedReservation }>(`/api/reservations/${id}`, { auth: true, signal });
  if (!answer?.data || typeof answer.data.id !== 'number') throw new Error('The reservation answer had no data');
  return answer.data;
}

/** The reservation id from ?id=…, or null. */
export function reservationIdFrom(params: URLSearchParams): number | null {
  const id = Number(params.get('id'));
  return Number.isInteger(id) && id > 0 ? id : null;
}
