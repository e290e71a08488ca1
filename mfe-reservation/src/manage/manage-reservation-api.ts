import { apiRequest } from '@samgyup/shared';
import type { ManagedReservation } from '@samgyup/shared/reservation';

function readManaged(answer: { data?: ManagedReservation } | undefined): ManagedReservation {
  if (!answer?.data || typeof answer.data.id !== 'number') throw new Error('The reservation answer had no data');
  return answer.data;
}

const path = (token: string, action = '') => `/api/reservations/manage/${encodeURIComponent(token)}${action ? `/${action}` : ''}`;

/** GET /api/reservations/manage/:token: the reservation a manage link names, no login needed. */
export async function getManagedReservation(token: string, signal?: AbortSignal): Promise<ManagedReservation> {
  return readManaged(await apiRequest<{ data?: ManagedReservation }>(path(token), { signal }));
}

/** POST …/cancel: answers the API's message and the cancelled reservation. */
export async function cancelManagedReservation(token: string) {
  const answer = await apiRequest<{ message: string; data?: ManagedReservation }>(path(token, 'cancel'), { method: 'POST' });
  return { message: answer.message, reservation: readManaged(answer) };
}

/** POST …/reschedule to another date, slot and (optionally) table. */
export async function rescheduleManagedReservation(token: string, to: { reservation_date: string; reservation_time: string; table_id?: number; combination_id?: number }) {
  const answer = await apiRequest<{ message: string; data?: ManagedReservation }>(path(token, 'reschedule'), { method: 'POST', body: to });
  return { message: answer.message, reservation: readManaged(answer) };
}
