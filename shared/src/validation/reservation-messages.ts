// The messages live apart from the schemas: a page that shows a message does not
// build zod schemas as it starts (the schemas are built when a form is checked).
import { GUESTS_MAX, GUESTS_MIN } from '../constants/business-rules';

/** Every message of the reservation screens, word for word from the first version (docs/product.md) where it has one. */
export const reservationMessages = {
  nameRequired: 'Name is required',
  emailRequired: 'Email is required',
  emailInvalid: 'Please enter a valid email',
  phoneRequired: 'Phone number is required',
  phoneInvalid: 'Enter a valid phone number',
  dateRequired: 'Please select a date',
  timeRequired: 'Please select a time slot',
  tableRequired: 'Please select a table',
  guestsRange: `Guests must be between ${GUESTS_MIN} and ${GUESTS_MAX}`,
  tablesLoadFailed: 'Unable to load tables. Please refresh the page or try again later.',
  tablesNeedDateTime: 'Please select a date and time first to view available tables.',
  noSession: 'No user session found',
  noToken: 'Authentication token not found',
  timeout: 'Request timeout - please try again',
  saveFailed: 'Failed to save reservation after multiple attempts. Please try again.',
  proofRequired: 'Please upload proof of payment',
  notSavedYet: 'Reservation not saved yet. Please wait.',
  uploadFailed: 'Failed to upload proof. Please try again.',
  // Ours: the API's answers to what the first version never checked.
  tableTaken: 'That table was just booked for this time. Please choose another table.',
  datePast: 'That date has passed. Please choose another date.',
  tooManyGuests: 'That table is too small for your group. Please choose a bigger table.',
  tableUnknown: 'That table does not exist. Please choose another table.',
  combinationUnknown: 'Those tables cannot be booked together any more. Please choose another table.',
  noFit: (guests: number) => `No table or joined tables seat ${guests} at this time.`,
  proofTooLarge: 'The file is too large. Please upload a file of at most 5 MB.',
  proofType: 'Please upload a JPEG, PNG or WebP image, or a PDF.',
  formCheckNotLoaded: 'The form could not be checked: the connection dropped. Please press Continue to payment again.',
} as const;

/** The waitlist's messages, shown by the API and the pages alike. */
export const waitlistMessages = {
  joined: 'You are on the waitlist. If a table frees up, we will send you a link to claim it.',
  alreadyWaiting: 'You are already on the waitlist for this date and time.',
  tableFree: 'A table for your group is free at this time: please book it instead.',
  offerEnded: 'This offer has ended. The table may have gone to the next party on the waitlist.',
  badLink: 'This claim link is not valid. Please open the link from your latest message.',
  notYours: 'This offer was made to another account. Please log in with the account that joined the waitlist.',
  claimed: 'The table is yours. Please pay the down payment to keep it.',
  left: 'You have left the waitlist.',
  notFound: 'Waitlist entry not found.',
} as const;
