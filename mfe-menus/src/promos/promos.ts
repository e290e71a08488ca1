import { apiRequest } from '@samgyup/shared';
import type { PublicPromo } from '@samgyup/shared/validation';

export const PROMOS_PATH = '/api/promos';

/** The promos of an answer; throws when the answer is not a list. */
export function readPromos(answer: unknown): PublicPromo[] {
  const response = answer as { success?: boolean; data?: PublicPromo[]; message?: string } | null;
  if (response?.success === false || !Array.isArray(response?.data)) throw new Error(response?.message ?? 'The promos answer was not a list.');
  return response.data;
}

export async function getPromos(signal?: AbortSignal): Promise<PublicPromo[]> {
  return readPromos(await apiRequest<unknown>(PROMOS_PATH, { signal }));
}

/** A promo has ended once its last valid day is over, in the restaurant's time zone. */
export function hasEnded(validUntil: string | null, now: Date = new Date()): boolean {
  if (!validUntil) return false;
  const lastMomentInManila = new Date(`${validUntil}T23:59:59.999+08:00`);
  return now.getTime() > lastMomentInManila.getTime();
}
