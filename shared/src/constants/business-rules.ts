/** The spec's business constants (section 9), in one place for pages and API. */
export const PASSWORD_MIN_LENGTH = 6;

export const GUESTS_MIN = 1;
export const GUESTS_MAX = 20;
export const GUESTS_DEFAULT = 1;
export const RESERVATION_DURATION_HOURS = 2;

export const TIME_SLOTS = [
  { label: '5:00 PM - 6:30 PM', start: '17:00' },
  { label: '6:30 PM - 8:00 PM', start: '18:30' },
  { label: '8:00 PM - 9:30 PM', start: '20:00' },
] as const;
export const DEFAULT_TABLE_LOOKUP_TIME = '17:00';

export const DOWN_PAYMENT_PESOS = 100;

/** A seated party's dining time unless the owner sets another (the refill timer). */
export const REFILL_DEFAULT_SECONDS = 5400;

export const REVIEW_TEXT_MAX_LENGTH = 2000;
/** Reviews one customer may post in 24 hours (no flooding). */
export const REVIEWS_PER_CUSTOMER_PER_DAY = 3;

/** The restaurant's clock: "today", past days and slot times are in Plaridel's time (UTC+8, no daylight saving). */
export const RESTAURANT_TIME_ZONE = 'Asia/Manila';
export const RESTAURANT_UTC_OFFSET = '+08:00';

/** Payment proofs: JPEG, PNG, WebP or PDF, at most 5 MB (docs/decisions.md 6). */
export const PAYMENT_PROOF_MAX_BYTES = 5 * 1024 * 1024;
export const PAYMENT_PROOF_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'application/pdf'] as const;
