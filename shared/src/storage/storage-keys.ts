/**
 * The browser-storage key of the customer session, which every part reads. The
 * other keys belong to one remote each, which names them itself; they stay here,
 * deprecated, until no deployed part imports them (docs/shared-contract.md).
 */
export const storageKeys = {
  user: 'user',
  /** @deprecated mfe-reservation's own (its draft module). */
  pendingReservation: 'pendingReservation',
  /** @deprecated mfe-refill's own (refill-storage.ts). */
  refillTableCode: 'refillTableCode',
  /** @deprecated mfe-refill's own (refill-storage.ts). */
  refillTableNumber: 'refillTableNumber',
  /** @deprecated mfe-refill's own (refill-storage.ts). */
  refillTableId: 'refillTableId',
  /** @deprecated mfe-refill's own (refill-storage.ts). */
  refillStatus: 'refillStatus',
  /** @deprecated mfe-refill's own (refill-storage.ts). */
  currentRefillId: 'currentRefillId',
  /** @deprecated No part reads it: reservations take the customer from the login token. */
  customerId: 'customerId',
  /** @deprecated mfe-reviews' own: a review being written, kept while its author logs in. */
  feedbackDraft: 'feedbackDraft',
  /** @deprecated mfe-staff's own: the staff console's login. */
  staffSession: 'staffSession',
} as const;

export type StorageKey = (typeof storageKeys)[keyof typeof storageKeys];

/**
 * The refill deadline is kept per table code.
 * @deprecated mfe-refill's own (refill-storage.ts); stays exported until no deployed part imports it.
 */
export function refillDeadlineKey(tableCode: string): string {
  return `refillDeadline:${tableCode}`;
}

/**
 * The refill duration is kept per table code.
 * @deprecated mfe-refill's own (refill-storage.ts); stays exported until no deployed part imports it.
 */
export function refillDurationKey(tableCode: string): string {
  return `refillDuration:${tableCode}`;
}
