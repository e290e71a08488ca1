import { apiRequest } from '@samgyup/shared';
import type { ManagedReservation } from '@samgyup/shared/reservation';

/**
 * Which reservation the diner manages, and by what right: the manage link's
 * token (no login), or the id of one of their own from My reservations (logged in).
 */
export type ManageTarget = { token: string } | { id: number };

function readManaged(answer: { data?: ManagedReservation } | undefined): ManagedReservation {
  if (!answer?.data || typeof answer.data.id !== 'number') throw new Error('The reservation answer had no data');
  return answer.data;
}

function request(target: ManageTarget, action: '' | 'cancel' | 'reschedule') {
  if ('token' in target) return { path: `/api/reservations/manage/${encodeURIComponent(target.token)}${action ? `/${action}` : ''}`, auth: false };
  return { path: `/api/reservations/${target.id}/${action || 'manage'}`, auth: true };
}

/** GET /api/reservations/manage/:token, or /api/reservations/:id/manage for the logged-in owner. */
export async function getManagedReservation(target: ManageTarget, signal?: AbortSignal): Promise<ManagedReservation> {
  const { path, auth } = request(target, '');
  return readManaged(await apiRequest<{ data?: ManagedReservation }>(path, { auth, signal }));
}

/** POST …/cancel: answers the API's message and the cancelled reservation. */
export async function cancelManagedReservation(target: ManageTarget) {
  const { path, auth } = request(target, 'cancel');
  const answer = await apiRequest<{ message: string; data?: ManagedReservation }>(path, { method: 'POST', auth });
  return { message: answer.message, reservation: readManaged(answer) };
}

/** POST …/reschedule to another date, slot and (optionally) table. */
export async function rescheduleManagedReservation(target: ManageTarget, to: { reservation_date: string; reservation_time: string; table_id?: number; combination_id?: number }) {
  const { path, auth } = request(target, 'reschedule');
  const answer = await apiRequest<{ message: string; data?: ManagedReservation }>(path, { method: 'POST', auth, body: to });
  return { message: answer.message, reservation: readManaged(answer) };
}
