import { getRuntimeConfig, loadRuntimeConfig } from '@samgyup/shared';
import type { StaffReservationRecord } from '@samgyup/shared/reservation';
import { staffRequest, staffSessionStore } from '../session/staff-session';

/** A reservation in the staff list, as the API sends it. */
export type StaffReservation = StaffReservationRecord;

/** What the list shows: the statuses of one view, dates, a search by name, phone or #number (the API narrows it). */
export interface StaffReservationFilter {
  status?: StaffReservation['status'][];
  from?: string;
  to?: string;
  q?: string;
}

export async function listStaffReservations(filter: StaffReservationFilter, signal?: AbortSignal): Promise<StaffReservation[]> {
  return (await listStaffReservationsFollowed(filter, signal)).data;
}

/** The list with where the live stream stood as it was read (`live_event_id`), for the screen that follows it. */
export function listStaffReservationsFollowed(filter: StaffReservationFilter, signal?: AbortSignal) {
  const query = { status: filter.status?.join(',') || undefined, from: filter.from || undefined, to: filter.to || undefined, q: filter.q?.trim() || undefined };
  return staffRequest<{ data: StaffReservation[]; live_event_id?: string }>('/api/staff/reservations', { signal, query });
}

/** One reservation as the list shows it, whatever the list's filter (the one staff opened). */
export async function findStaffReservation(id: number, signal?: AbortSignal): Promise<StaffReservation | null> {
  return (await listStaffReservations({ q: `#${id}` }, signal)).find((row) => row.id === id) ?? null;
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

/** Where the refund of a paid booking that no longer stands is (instead of a bare "Paid"). */
export const REFUND_STATUS_WORDS: Record<NonNullable<StaffReservation['refund_status']>, string> = {
  due: 'Refund due',
  requested: 'Refund requested',
  sending: 'Refund being sent',
  pending: 'Refund on its way',
  succeeded: 'Refunded',
  failed: 'Refund refused: retry',
};

export const PAYMENT_WORDS: Record<StaffReservation['payment_status'], string> = {
  pending: 'No proof yet',
  pending_review: 'Proof to check',
  paid: 'Paid',
  rejected: 'Rejected',
};
