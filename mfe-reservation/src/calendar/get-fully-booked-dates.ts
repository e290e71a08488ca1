import { apiRequest } from '@samgyup/shared';
import { fullyBookedSet } from './calendar-days';

/** GET /api/reservations/fully-booked-dates?year&month (month 1–12). */
export async function getFullyBookedDates(year: number, month: number, signal?: AbortSignal): Promise<Set<string>> {
  const answer = await apiRequest<{ data?: unknown }>('/api/reservations/fully-booked-dates', { query: { year, month }, signal });
  return fullyBookedSet(answer?.data, year, month);
}
