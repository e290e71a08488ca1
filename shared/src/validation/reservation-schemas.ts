import * as z from 'zod/mini';
import { GUESTS_DEFAULT, GUESTS_MAX, GUESTS_MIN, RESERVATION_DURATION_HOURS, TIME_SLOTS } from '../constants/business-rules';
import { parseIsoDate } from '../reservation/reservation-dates';
import { EMAIL_PATTERN, PHONE_PATTERN } from './account-schemas';
import { reservationMessages } from './reservation-messages';
import { tooLongMessage } from './length-message';
import { shownTextChecks } from './shown-text';

const SLOT_STARTS = TIME_SLOTS.map((slot) => slot.start) as [string, ...string[]];

const requiredText = (message: string, max: number, ...checks: z.core.$ZodCheck<string>[]) =>
  z.string({ error: message }).check(z.trim(), z.minLength(1, message), z.maxLength(max, tooLongMessage(max)), ...shownTextChecks(message), ...checks);

const optionalText = (max: number) =>
  z.pipe(
    z.nullish(z.string().check(z.trim(), z.maxLength(max, tooLongMessage(max)), ...shownTextChecks())),
    z.transform((value: string | null | undefined) => (value ? value : null)),
  );

/** A whole number from a form field or JSON ('3' or 3), checked against the range with one message. */
const wholeNumber = (message: string | undefined, ...checks: z.core.$ZodCheck<number>[]) =>
  z.pipe(z.coerce.number(message ? { error: message } : undefined), z.int(message ? { error: message } : undefined).check(...checks));

const reservationFormFields = z.object({
  customer_name: requiredText(reservationMessages.nameRequired, 160),
  email: z.pipe(
    z
      .string({ error: reservationMessages.emailRequired })
      .check(
        z.trim(),
        z.minLength(1, reservationMessages.emailRequired),
        z.maxLength(254, reservationMessages.emailInvalid),
        z.regex(EMAIL_PATTERN, reservationMessages.emailInvalid),
      ),
    z.transform((email: string) => email.toLowerCase()),
  ),
  phone: requiredText(reservationMessages.phoneRequired, 30, z.regex(PHONE_PATTERN, reservationMessages.phoneInvalid)),
  reservation_date: z.string({ error: reservationMessages.dateRequired }).check(
    z.minLength(1, reservationMessages.dateRequired),
    z.refine((value) => parseIsoDate(value) !== null, reservationMessages.dateRequired),
  ),
  reservation_time: z.enum(SLOT_STARTS, { error: reservationMessages.timeRequired }),
  // A table, joined tables (combination_id, table_id then being its first table), or the best fit the API picks.
  table_id: z.nullish(wholeNumber(reservationMessages.tableRequired, z.positive(reservationMessages.tableRequired), z.lte(2 ** 31 - 1, reservationMessages.tableUnknown))),
  combination_id: z.nullish(
    wholeNumber(reservationMessages.combinationUnknown, z.positive(reservationMessages.combinationUnknown), z.lte(2 ** 31 - 1, reservationMessages.combinationUnknown)),
  ),
  best_table: z._default(z.boolean({ error: reservationMessages.tableRequired }), false),
  number_of_guests: z._default(
    wholeNumber(reservationMessages.guestsRange, z.gte(GUESTS_MIN, reservationMessages.guestsRange), z.lte(GUESTS_MAX, reservationMessages.guestsRange)),
    GUESTS_DEFAULT,
  ),
  occasion: optionalText(80),
  notes: optionalText(500),
});

/** A booking names what it takes: a table, joined tables, or the best fit. */
const choosesTables = z.refine<{ table_id?: number | null; combination_id?: number | null; best_table: boolean }>(
  (form) => form.best_table || form.table_id != null || form.combination_id != null,
  { message: reservationMessages.tableRequired, path: ['table_id'], when: () => true },
);

/** What the /reservation-form checks, and the part of the API's payload that a person types or picks. */
export const reservationFormSchema = reservationFormFields.check(choosesTables);
export type ReservationFormInput = z.input<typeof reservationFormSchema>;

/**
 * POST /api/reservations: the first version's payload. The client may not set its own
 * payment or status: only the first version's starting values are accepted
 * (docs/decisions.md 12; the amount due comes from the server's configuration).
 */
export const reservationPayloadSchema = z
  .extend(reservationFormFields, {
    duration_hours: z._default(wholeNumber(undefined, z.gte(1), z.lte(6)), RESERVATION_DURATION_HOURS),
    payment_amount: z._default(z.coerce.number().check(z.gte(0), z.lte(0, 'The payment is recorded by the restaurant.')), 0),
    payment_status: z._default(z.literal('pending', { error: 'A new reservation starts with payment pending.' }), 'pending'),
    status: z._default(z.literal('pending', { error: 'A new reservation starts pending.' }), 'pending'),
    customer_id: z.nullish(wholeNumber(undefined, z.positive())),
  })
  .check(choosesTables);
export type ReservationPayload = z.input<typeof reservationPayloadSchema>;

/** POST /api/waitlist: who waits for which date and slot (party size as number_of_guests). */
export const waitlistJoinSchema = z.pick(reservationFormFields, {
  customer_name: true,
  email: true,
  phone: true,
  reservation_date: true,
  reservation_time: true,
  number_of_guests: true,
});
export type WaitlistJoinInput = z.input<typeof waitlistJoinSchema>;
