import { apiRequest } from '@samgyup/shared';

/** GET /api/tables/full-slots?date&guests: the slot starts (HH:MM) of `date` on which nothing free seats a party of `guests`. */
export async function getFullSlots(date: string, guests: number, signal?: AbortSignal): Promise<string[]> {
  const answer = await apiRequest<{ data?: unknown }>('/api/tables/full-slots', { query: { date, guests }, signal });
  return Array.isArray(answer?.data) ? answer.data.filter((time): time is string => typeof time === 'string') : [];
}
