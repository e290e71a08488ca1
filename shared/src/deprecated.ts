// Names the root once exported that belong elsewhere: one remote's page timings, and
// helpers and types the parts now import from a subpath entry. No part imports them
// from '@samgyup/shared' any more (tooling/architecture/shared-surface.test.cjs keeps it
// so), but a remote deployed before may: they stay exported, unchanged, until the next
// major (docs/shared-contract.md, "Deprecated names").

/** @deprecated mfe-reviews' own (carousel-position.ts). */
export const REVIEWS_PER_VIEW = 2;
/** @deprecated mfe-refill's own (dining-timer-pace.ts). */
export const REFILL_MIN_OVERRIDE_SECONDS = 60;
/** @deprecated mfe-refill's own (dining-timer-pace.ts). */
export const REFILL_INITIAL_DISPLAY = '20:00';
/** @deprecated mfe-refill's own (dining-timer-pace.ts). */
export const REFILL_TICK_MS = 1000;
/** @deprecated mfe-refill's own (dining-timer-pace.ts). */
export const REFILL_PULSE_AT_SECONDS = 60;
/** @deprecated mfe-refill's own (dining-timer-pace.ts). */
export const REFILL_COMPLETION_REDIRECT_MS = 1000;
/** @deprecated mfe-reservation's own (save-reservation.ts). */
export const RESERVATION_SAVE_ATTEMPTS = 3;
/** @deprecated mfe-reservation's own (save-reservation.ts). */
export const RESERVATION_SAVE_TIMEOUT_MS = 10_000;
/** @deprecated mfe-reservation's own (save-reservation.ts). */
export const RESERVATION_SAVE_BACKOFF_MS = 1000;

// UI timings of the shared modules themselves: how they behave, not names a part needs.
export { DEFAULT_TIMEOUT_MS } from './api/api-client';
export { LIVE_FAILURES_BEFORE_POLLING, LIVE_RETRY_AFTER_POLLING_MS } from './live/use-live-stream';

// Import these from '@samgyup/shared/refill' (mfe-refill, mfe-staff and the API share them).
export {
  chosenItems,
  GENERAL_REFILL,
  isRefillItemName,
  parseRefillRequestType,
  REFILL_MAX_QUANTITY,
  refillItemGroups,
  refillItemNames,
  refillNotes,
  refillRequestType,
  type RefillGroup,
  type RefillItemName,
  type RefillQuantities,
} from './refill/refill-items';

// Import these from '@samgyup/shared/reservation' (one remote and the API share each).
export { reservationCalendarFile, type CalendarReservation, type CalendarRevision } from './reservation/calendar-file';
export type { BookingPolicy, ManagedReservation, ReservationHistoryEntry } from './reservation/manage-reservation';

// mfe-refill keeps its own timer storage (mfe-refill/src/storage/refill-storage.ts).
export { refillTimerStorage } from './storage/browser-storage';
export { refillDeadlineKey, refillDurationKey } from './storage/storage-keys';
