import { getRuntimeConfig, loadRuntimeConfig } from '@samgyup/shared';
import type { StaffReservationRecord } from '@samgyup/shared/reservation';
import { staffRequest, staffSessionStore } from '../session/staff-session';

/** A reservation in the staff list, as the API sends it. */
export type StaffReservation = StaffReservationRecord;

export async function listStaffReservations(signal?: AbortSignal): Promise<StaffReservation[]> {
  const answer = await staffRequest<{ data: StaffReservation[] }>('/api/staff/reservations', { signal });
  return answer.data;
}

export async function confirmReservation(id: number): Promise<string> {
  const answer = await staffRequest<{ message: string }>(`/api/staff/reservations/${id}/confirm`, { method: 'POST', body: {} });
  return answer.message;
}

export async function declineReservation(id: number, reason: string): Promise<string> {
  const answer = await staffRequest<{ message: string }>(`/api/staff/reservations/${id}/decline`, { method: 'POST', body: { reason } });
  return answer.message;
}

export async function markNoShow(id: number): Promise<string> {
  const answer = await staffRequest<{ message: string }>(`/api/staff/reservations/${id}/no-show`, { method: 'POST', body: {} });
  return answer.message;
}

/** The uploaded proof as a blob (it needs the staff token, so a plain link cannot fetch it). */
export async function fetchPaymentProof(id: number, signal?: AbortSignal): Promise<Blob> {
  await loadRuntimeConfig();
  const token = staffSessionStore.getSession()?.token;
  const response = await fetch(`${getRuntimeConfig().apiBaseUrl.replace(/\/$/, '')}/api/reservations/${id}/payment-proof`, {
    headers: token ? { Authorization: `Bearer ${token}` } : {},
    signal,
  });
  if (!response.ok) throw new Error(`The proof could not be loaded (${response.status})`);
  return response.blob();
}

export const STATUS_WORDS: Record<StaffReservation['status'], string> = {
  pending: 'Pending',
  confirmed: 'Confirmed',
  declined: 'Declined',
  cancelled: 'Cancelled',
  no_show: 'No-show',
};

export const PAYMENT_WORDS: Record<StaffReservation['payment_status'], string> = {
  pending: 'No proof yet',
  pending_review: 'Proof to check',
  paid: 'Paid',
  rejected: 'Rejected',
};
