/** Every browser-storage key the site uses, named as the spec names them. */
export const storageKeys = {
  user: 'user',
  pendingReservation: 'pendingReservation',
  refillTableCode: 'refillTableCode',
  refillTableNumber: 'refillTableNumber',
  refillTableId: 'refillTableId',
  refillStatus: 'refillStatus',
  currentRefillId: 'currentRefillId',
  customerId: 'customerId',
  /** A review being written, kept while its author logs in. */
  feedbackDraft: 'feedbackDraft',
  /** The staff console's login (staff accounts are apart from customers). */
  staffSession: 'staffSession',
} as const;

export type StorageKey = (typeof storageKeys)[keyof typeof storageKeys];

/** The refill deadline and duration are kept per table code. */
export function refillDeadlineKey(tableCode: string): string {
  return `refillDeadline:${tableCode}`;
}

export function refillDurationKey(tableCode: string): string {
  return `refillDuration:${tableCode}`;
}
