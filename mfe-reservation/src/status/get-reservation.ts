import { apiRequest } from '@samgyup/shared';
import type { ReservationRecord } from '@samgyup/shared/reservation';

/** The owner's own reservation, as the API sends it. */
export type SavedReservation = ReservationRecord;

/** The reservation in an answer of GET /api/reservations/{id}; throws when it is not one. */
export function readReservationAnswer(answer: unknown): SavedReservation {
  const data = (answer as { data?: SavedReservation } | null)?.data;
  if (!data || typeof data.id !== 'number') throw new Error('The reservation answer had no data');
  return data;
}

/** GET /api/reservations/{id}: the owner's own reservation. */
export async function getReservation(id: number, signal?: AbortSignal): Promise<SavedReservation> {
  return readReservationAnswer(await apiRequest<unknown>(`/api/reservations/${id}`, { auth: true, signal }));
}

/** The reservation id from ?id=…, or null. */
export function reservationIdFrom(params: URLSearchParams): number | null {
  const id = Number(params.get('id'));
  return Number.isInteger(id) && id > 0 ? id : null;
}
