import { apiRequest } from '@samgyup/shared';
import type { SavedReservation } from '../status/get-reservation';

export interface MyReservations {
  upcoming: SavedReservation[];
  past: SavedReservation[];
  cancelled: SavedReservation[];
}

const ended = (reservation: SavedReservation) => reservation.status === 'cancelled' || reservation.status === 'declined';

/**
 * GET /api/reservations/mine: the logged-in diner's reservations, upcoming soonest first, past latest first,
 * and cancelled or declined ones apart (an API without that list mixed them into the other two).
 */
export async function getMyReservations(signal?: AbortSignal): Promise<MyReservations> {
  const answer = await apiRequest<{ data?: Partial<MyReservations> }>('/api/reservations/mine', { auth: true, signal });
  const data = answer?.data;
  if (!Array.isArray(data?.upcoming) || !Array.isArray(data.past)) throw new Error('The reservations answer had no lists');
  const cancelled = Array.isArray(data.cancelled) ? data.cancelled : [...data.upcoming, ...data.past].filter(ended);
  return { upcoming: data.upcoming.filter((row) => !ended(row)), past: data.past.filter((row) => !ended(row)), cancelled };
}
