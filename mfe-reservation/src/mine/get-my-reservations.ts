import { apiRequest } from '@samgyup/shared';
import type { SavedReservation } from '../status/get-reservation';

export interface MyReservations {
  upcoming: SavedReservation[];
  past: SavedReservation[];
  cancelled: SavedReservation[];
}

const ended = (reservation: SavedReservation) => reservation.status === 'cancelled' || reservation.status === 'declined';

/** Where the diner's reservations are read; the site's server reads it too, to draw the page with them. */
export const MY_RESERVATIONS_PATH = '/api/reservations/mine';

/**
 * The API's answer as the page lists it: upcoming soonest first, past latest first, and cancelled
 * or declined ones apart (an API without that list mixed them into the other two). Throws on another shape.
 */
export function readMyReservations(answer: unknown): MyReservations {
  const data = (answer as { data?: Partial<MyReservations> } | null)?.data;
  if (!Array.isArray(data?.upcoming) || !Array.isArray(data.past)) throw new Error('The reservations answer had no lists');
  const cancelled = Array.isArray(data.cancelled) ? data.cancelled : [...data.upcoming, ...data.past].filter(ended);
  return { upcoming: data.upcoming.filter((row) => !ended(row)), past: data.past.filter((row) => !ended(row)), cancelled };
}

/** GET /api/reservations/mine: the logged-in diner's reservations. */
export async function getMyReservations(signal?: AbortSignal): Promise<MyReservations> {
  return readMyReservations(await apiRequest<unknown>(MY_RESERVATIONS_PATH, { auth: true, signal }));
}
