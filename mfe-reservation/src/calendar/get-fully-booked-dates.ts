import { apiRequest } from '@samgyup/shared';
import { fullyBookedSet } from './calendar-days';

/** GET /api/reservations/fully-booked-dates?year&month&guests (month 1–12): days on which no slot seats a party of `guests`. */
export async function getFullyBookedDates(year: number, month: number, guests: number, signal?: AbortSignal): Promise<Set<string>> {
  const answer = await apiRequest<{ data?: unknown }>('/api/reservations/fully-booked-dates', { query: { year, month, guests }, signal });
  return fullyBookedSet(answer?.data, year, month);
}
