import { z } from 'zod';
import { emailField } from './account-schemas';

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
  name: z.string({ error: staffMessages.nameRequired }).trim().min(1, staffMessages.nameRequired).max(120),
  email: emailField(),
  password: z.string({ error: staffMessages.passwordTooShort }).min(STAFF_PASSWORD_MIN_LENGTH, staffMessages.passwordTooShort).max(128),
  role: z.enum(['staff', 'admin']).default('staff'),
});
export type StaffAccountInput = z.input<typeof staffAccountSchema>;

/** POST /api/staff/reservations/{id}/decline. */
export const declineSchema = z.object({
  reason: z.string({ error: staffMessages.reasonRequired }).trim().min(1, staffMessages.reasonRequired).max(500),
});

/** PUT /api/staff/feedback/{id}/response: empty text removes the response. */
export const reviewResponseSchema = z.object({
  response: z.string().trim().max(2000, staffMessages.responseTooLong).default(''),
});

/** POST /api/staff/dining-sessions/{id}/extend. */
export const extendSessionSchema = z.object({
  minutes: z.coerce.number({ error: staffMessages.minutesRange }).int(staffMessages.minutesRange).min(5, staffMessages.minutesRange).max(180, staffMessages.minutesRange),
});
