import { apiRequest } from '@samgyup/shared';
import type { WaitlistOffer } from '@samgyup/shared/validation';
import type { SavedReservation } from '../status/get-reservation';

/** A waitlist entry as the API shows it to its diner and on the claim page (the type is shared with the API). */
export type { WaitlistOffer };

export interface WaitlistJoin {
  customer_name: string;
  email: string;
  phone: string;
  reservation_date: string;
  reservation_time: string;
  number_of_guests: number;
}

/** POST /api/waitlist: answers the API's message. */
export async function joinWaitlist(body: WaitlistJoin): Promise<string> {
  return (await apiRequest<{ message: string }>('/api/waitlist', { method: 'POST', auth: true, body })).message;
}

const claimPath = (token: string) => `/api/waitlist/claim/${encodeURIComponent(token)}`;

/** GET /api/waitlist/claim/:token: the offer a claim link names, no login needed. */
export async function getOffer(token: string, signal?: AbortSignal): Promise<WaitlistOffer> {
  const answer = await apiRequest<{ data?: WaitlistOffer }>(claimPath(token), { signal });
  if (!answer?.data || typeof answer.data.id !== 'number') throw new Error('The offer answer had no data');
  return answer.data;
}

/** POST /api/waitlist/claim/:token as the logged-in diner: answers the new reservation. */
export async function claimOffer(token: string): Promise<SavedReservation> {
  const answer = await apiRequest<{ data?: SavedReservation }>(claimPath(token), { method: 'POST', auth: true });
  if (!answer?.data || typeof answer.data.id !== 'number') throw new Error('The claim answer had no reservation');
  return answer.data;
}
