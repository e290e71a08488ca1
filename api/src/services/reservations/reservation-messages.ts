import { reservationMessages } from '@samgyup/shared/validation';

export const reservationApiMessages = {
  saved: 'Reservation saved. Please upload your proof of payment.',
  notFound: 'Reservation not found.',
  proofSaved: 'Proof of payment received. Our staff will confirm your reservation by text message.',
  proofMissing: reservationMessages.proofRequired,
  proofTooLarge: reservationMessages.proofTooLarge,
  proofTooSlow: 'The upload was too slow to finish, so it was stopped to let other diners upload. Please try again on a stronger connection (Wi-Fi), or with a smaller picture.',
  proofType: reservationMessages.proofType,
  notMultipart: 'Send the proof as multipart/form-data with the field "file".',
  proofClosed: 'This reservation is no longer waiting for a payment.',
  proofNone: 'No proof of payment was uploaded for this reservation.',
  tableTaken: reservationMessages.tableTaken,
  datePast: reservationMessages.datePast,
  tooManyGuests: reservationMessages.tooManyGuests,
  tableUnknown: reservationMessages.tableUnknown,
  combinationUnknown: reservationMessages.combinationUnknown,
  keyReused: 'This Idempotency-Key was already used for a different reservation. Use a new key for a new booking.',
  tooManyPending: (count: number, minutes: number) =>
    `You already have ${count} reservations waiting for confirmation. Upload their proofs of payment, or wait: a reservation without a proof is cancelled after ${minutes} minutes.`,
  accountGone: 'Your account could not be found. Please log in again.',
  badMonth: 'Choose a year from 1900 to 2099 and a month from 1 to 12.',
  badGuests: reservationMessages.guestsRange,
  badDate: 'Choose a date as YYYY-MM-DD.',
  badTime: 'Choose one of the time slots.',
} as const;

/** The booking rules' words for what the first version never checked (booking-rules.ts). */
export const bookingRuleMessages = {
  tooFarAhead: 'That date is too far ahead. Please choose a date up to December 31, 2099.',
  slotStarted: 'That time slot has already started. Please choose a later time slot or another date.',
  partyTooLarge: (largest: number) =>
    largest > 0
      ? `Our largest table seats ${largest} guests. Please call us to arrange a bigger group.`
      : 'No table is taking bookings right now. Please call us to arrange your visit.',
} as const;
