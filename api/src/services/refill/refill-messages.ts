import { REFILL_STATUSES } from '../../repositories/refill-repository';

export const refillApiMessages = {
  invalidCode: 'Invalid table code. Please check and try again.',
  expired: 'This table code has expired. Please ask our staff for a new one.',
  closed: 'This table has been checked out, so refills can no longer be requested. Please ask our staff for help.',
  timeUp: 'Your dining time is up, so refills can no longer be requested.',
  verified: 'Table code verified. Enjoy your meal!',
  sent: 'Refill request sent! Our staff will bring it to your table shortly.',
  badItems: 'Choose refill items from the list, each from 0 to 20.',
  tooManyWaiting: 'Your table already has 5 refill requests waiting. Please wait for our staff to bring them.',
  unknownStatus: `Unknown status. Use one of: ${REFILL_STATUSES.join(', ')}.`,
  otherTable: 'This refill request belongs to another table.',
  dinerStatus: 'From the table, a refill request can only be marked completed or cancelled.',
  finished: 'This refill request is already finished and cannot change.',
  notFound: 'Refill request not found.',
  keyReused: 'This Idempotency-Key was already used for a different refill request. Use a new key for a new request.',
} as const;

/** Refill requests a table may have waiting at once. */
export const MAX_WAITING_PER_TABLE = 5;
