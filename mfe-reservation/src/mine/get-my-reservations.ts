import { apiRequest } from '@samgyup/shared';
import type { SavedReservation } from '../status/get-reservation';

export interface MyReservations {
  upcoming: SavedReservation[];
  past: SavedReservation[];
}

/** GET /api/reservations/mine: the logged-in diner's reservations, upcoming soonest first and past latest first. */
export async function getMyReservations(signal?: AbortSignal): Promise<MyReservations> {
  const answer = await apiRequest<{ data?: Partial<MyReservations> }>('/api/reservations/mine', { auth: true, signal });
  if (!Array.isArray(answer?.data?.upcoming) || !Array.isArray(answer.data.past)) throw new Error('The reservations answer had no lists');
  return { upcoming: answer.data.upcoming, past: answer.data.past };
}
