import * as z from 'zod/mini';
import { emailField } from './account-schemas';
import { shownTextChecks } from './shown-text';

export const STAFF_PASSWORD_MIN_LENGTH = 10;

export const staffMessages = {
  nameRequired: 'Name is required',
  passwordTooShort: `Use at least ${STAFF_PASSWORD_MIN_LENGTH} characters for a staff password`,
  reasonRequired: 'Say why the reservation is declined; the customer reads it.',
  responseTooLong: 'Keep the response to 2000 characters or fewer.',
  minutesRange: 'Add between 5 and 180 minutes.',
} as const;

/** POST /api/staff/accounts (admin) and the console's add-staff form. */
export const staffAccountSchema = z.object({
  name: z
    .string({ error: staffMessages.nameRequired })
    .check(z.trim(), z.minLength(1, staffMessages.nameRequired), z.maxLength(120), ...shownTextChecks(staffMessages.nameRequired)),
  email: emailField(),
  password: z.string({ error: staffMessages.passwordTooShort }).check(z.minLength(STAFF_PASSWORD_MIN_LENGTH, staffMessages.passwordTooShort), z.maxLength(128)),
  role: z._default(z.enum(['staff', 'admin']), 'staff'),
});
export type StaffAccountInput = z.input<typeof staffAccountSchema>;

/** POST /api/staff/reservations/{id}/decline. */
export const declineSchema = z.object({
  reason: z
    .string({ error: staffMessages.reasonRequired })
    .check(z.trim(), z.minLength(1, staffMessages.reasonRequired), z.maxLength(500), ...shownTextChecks(staffMessages.reasonRequired)),
});

/** PUT /api/staff/feedback/{id}/response: empty text removes the response. */
export const reviewResponseSchema = z.object({
  response: z._default(z.string().check(z.trim(), z.maxLength(2000, staffMessages.responseTooLong), ...shownTextChecks()), ''),
});

/** POST /api/staff/dining-sessions/{id}/extend. */
export const extendSessionSchema = z.object({
  minutes: z.pipe(
    z.coerce.number({ error: staffMessages.minutesRange }),
    z.int({ error: staffMessages.minutesRange }).check(z.gte(5, staffMessages.minutesRange), z.lte(180, staffMessages.minutesRange)),
  ),
});
