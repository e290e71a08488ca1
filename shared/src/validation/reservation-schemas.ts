import { z } from 'zod';
import { GUESTS_DEFAULT, GUESTS_MAX, GUESTS_MIN, RESERVATION_DURATION_HOURS, TIME_SLOTS } from '../constants/business-rules';
import { parseIsoDate } from '../reservation/reservation-dates';
import { EMAIL_PATTERN, PHONE_PATTERN } from './account-schemas';

/** Every message of the reservation screens, word for word from the spec where it has one. */
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
  proofTooLarge: 'The file is too large. Please upload a file of at most 5 MB.',
  proofType: 'Please upload a JPEG, PNG or WebP image, or a PDF.',
} as const;

const SLOT_STARTS = TIME_SLOTS.map((slot) => slot.start) as [string, ...string[]];

const requiredText = (message: string, max: number) =>
  z.string({ error: message }).trim().min(1, message).max(max, `Use at most ${max} characters`);

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `Use at most ${max} characters`)
    .nullable()
    .optional()
    .transform((value) => (value ? value : null));

/** What the /reservation-form checks, and the part of the API's payload that a person types or picks. */
export const reservationFormSchema = z.object({
  customer_name: requiredText(reservationMessages.nameRequired, 160),
  email: z
    .string({ error: reservationMessages.emailRequired })
    .trim()
    .min(1, reservationMessages.emailRequired)
    .max(254, reservationMessages.emailInvalid)
    .regex(EMAIL_PATTERN, reservationMessages.emailInvalid)
    .transform((email) => email.toLowerCase()),
  phone: requiredText(reservationMessages.phoneRequired, 30).regex(PHONE_PATTERN, reservationMessages.phoneInvalid),
  reservation_date: z
    .string({ error: reservationMessages.dateRequired })
    .min(1, reservationMessages.dateRequired)
    .refine((value) => parseIsoDate(value) !== null, reservationMessages.dateRequired),
  reservation_time: z.enum(SLOT_STARTS, { error: reservationMessages.timeRequired }),
  table_id: z.coerce
    .number({ error: reservationMessages.tableRequired })
    .int(reservationMessages.tableRequired)
    .positive(reservationMessages.tableRequired),
  number_of_guests: z.coerce
    .number({ error: reservationMessages.guestsRange })
    .int(reservationMessages.guestsRange)
    .min(GUESTS_MIN, reservationMessages.guestsRange)
    .max(GUESTS_MAX, reservationMessages.guestsRange)
    .default(GUESTS_DEFAULT),
  occasion: optionalText(80),
  notes: optionalText(500),
});
export type ReservationFormInput = z.input<typeof reservationFormSchema>;

/**
 * POST /api/reservations: the spec's payload. The client may not set its own
 * payment or status: only the spec's starting values are accepted
 * (DECISIONS.md 12; the amount due comes from the server's configuration).
 */
export const reservationPayloadSchema = reservationFormSchema.extend({
  duration_hours: z.coerce.number().int().min(1).max(6).default(RESERVATION_DURATION_HOURS),
  payment_amount: z.coerce.number().min(0).max(0, 'The payment is recorded by the restaurant.').default(0),
  payment_status: z.literal('pending', { error: 'A new reservation starts with payment pending.' }).default('pending'),
  status: z.literal('pending', { error: 'A new reservation starts pending.' }).default('pending'),
  customer_id: z.coerce.number().int().positive().nullable().optional(),
});
export type ReservationPayload = z.input<typeof reservationPayloadSchema>;
