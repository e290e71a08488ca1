import { readJson, removeKey, writeJson } from '@samgyup/shared';

/** The browser-storage key of the reservation being made. */
export const DRAFT_STORAGE_KEY = 'pendingReservation';

/**
 * The reservation being made, kept under `pendingReservation`
 * from the form until the proof is uploaded: it survives a reload, a login in
 * between, and a retried save (its idempotency key goes with it).
 */
export interface ReservationDraft {
  customer_name: string;
  email: string;
  phone: string;
  reservation_date: string;
  /** The slot label, e.g. '5:00 PM - 6:30 PM'. */
  time_label: string;
  /** 24-hour start, e.g. '17:00'. */
  reservation_time: string;
  /** The table, or the first of joined tables; null when the restaurant chooses. */
  table_id: number | null;
  table_number: number | null;
  /** Joined tables for a group, or null. */
  combination_id?: number | null;
  /** Every table chosen (empty when the restaurant chooses, until the booking is saved). */
  table_numbers?: number[];
  /** The restaurant picks the best fit when it saves the booking. */
  best_table?: boolean;
  number_of_guests: number;
  occasion: string | null;
  notes: string | null;
  idempotency_key: string;
  /** Set once the API has saved it. */
  saved_id?: number;
  /** The down payment the API asks for this reservation, once saved. */
  down_payment_due?: number;
}

export function readDraft(): ReservationDraft | null {
  const draft = readJson<ReservationDraft>(DRAFT_STORAGE_KEY);
  return draft && typeof draft === 'object' && typeof draft.reservation_date === 'string' && typeof draft.idempotency_key === 'string' ? draft : null;
}

export function writeDraft(draft: ReservationDraft): void {
  writeJson(DRAFT_STORAGE_KEY, draft);
}

export function clearDraft(): void {
  removeKey(DRAFT_STORAGE_KEY);
}

/** A fresh key for one reservation; crypto.randomUUID needs a secure page, getRandomValues does not. */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}
