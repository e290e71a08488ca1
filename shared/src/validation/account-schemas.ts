// zod/mini: the same checks as zod's chained API, as functions a bundler can leave out
// when unused (the classic build's weight: docs/adr/0002-first-screens.md).
import * as z from 'zod/mini';
import { PASSWORD_MIN_LENGTH } from '../constants/business-rules';
import { tooLongMessage } from './length-message';
import { shownTextChecks } from './shown-text';

/** Every message of the account forms, word for word from the first version (docs/product.md). */
export const accountMessages = {
  firstNameRequired: 'First name is required',
  lastNameRequired: 'Last name is required',
  emailRequired: 'Email is required',
  emailInvalid: 'Enter a valid email',
  passwordRequired: 'Password is required',
  passwordTooShort: 'Password must be at least 6 characters',
  phoneInvalid: 'Enter a valid phone number',
  captchaRequired: 'Captcha is required',
  captchaIncomplete: 'Please complete the CAPTCHA',
  termsRequired: 'You must agree to the terms and conditions',
  newPasswordRequired: 'Please enter a new password',
  newPasswordTooShort: 'At least 6 characters',
  retypeRequired: 'Please retype your new password',
  confirmRequired: 'Confirm password is required',
  passwordsDoNotMatch: 'Passwords do not match',
  codeRequired: 'Enter the 6-digit code from your email',
  codeInvalid: 'The code has 6 digits',
  /** Shown on the log-in page a new account is sent to. */
  accountCreated: 'Your account is ready. Log in with the email and password you just chose.',
} as const;

/** Something@something.tld with at least 2 characters after the last dot. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@.]{2,}$/;
/** Digits, spaces, hyphens, plus and parentheses only. */
export const PHONE_PATTERN = /^[0-9\s\-+()]+$/;

const MAX_NAME = 80;
const MAX_EMAIL = 254;
const MAX_PASSWORD = 128;

const requiredText = (message: string, max = MAX_NAME) =>
  z.string({ error: message }).check(z.trim(), z.minLength(1, message), z.maxLength(max, tooLongMessage(max)), ...shownTextChecks(message));

export const emailField = (requiredMessage: string = accountMessages.emailRequired) =>
  z.pipe(
    z
      .string({ error: requiredMessage })
      .check(z.trim(), z.minLength(1, requiredMessage), z.maxLength(MAX_EMAIL, accountMessages.emailInvalid), z.regex(EMAIL_PATTERN, accountMessages.emailInvalid)),
    z.transform((email: string) => email.toLowerCase()),
  );

const passwordField = z
  .string({ error: accountMessages.passwordRequired })
  .check(
    z.minLength(1, accountMessages.passwordRequired),
    z.minLength(PASSWORD_MIN_LENGTH, accountMessages.passwordTooShort),
    z.maxLength(MAX_PASSWORD, tooLongMessage(MAX_PASSWORD)),
  );

const optionalText = (max: number, pattern?: { regex: RegExp; message: string }) =>
  z.pipe(
    z.nullish(
      z.string().check(
        z.trim(),
        z.maxLength(max, tooLongMessage(max)),
        z.refine((value) => !pattern || value === '' || pattern.regex.test(value), pattern?.message ?? ''),
        ...shownTextChecks(),
      ),
    ),
    z.transform((value: string | null | undefined) => (value ? value : null)),
  );

/** POST /api/customers/register, and the /register and /signup forms. Values are trimmed except the password. */
export const registerSchema = z.object({
  first_name: requiredText(accountMessages.firstNameRequired),
  last_name: requiredText(accountMessages.lastNameRequired),
  email: emailField(),
  password: passwordField,
  phone: optionalText(30, { regex: PHONE_PATTERN, message: accountMessages.phoneInvalid }),
  address: optionalText(200),
});
export type RegisterInput = z.input<typeof registerSchema>;
export type RegisterPayload = z.output<typeof registerSchema>;

/** POST /api/customers/login and the login forms. */
export const loginSchema = z.object({
  email: z.pipe(
    z.string({ error: accountMessages.emailRequired }).check(z.trim(), z.minLength(1, accountMessages.emailRequired), z.maxLength(MAX_EMAIL, tooLongMessage(MAX_EMAIL))),
    z.transform((email: string) => email.toLowerCase()),
  ),
  password: z.string({ error: accountMessages.passwordRequired }).check(z.minLength(1, accountMessages.passwordRequired), z.maxLength(MAX_PASSWORD, tooLongMessage(MAX_PASSWORD))),
});
export type LoginInput = z.input<typeof loginSchema>;

/** Step 1 of a reset (docs/decisions.md 1): ask for a one-time code by email. */
export const resetRequestSchema = z.object({ email: emailField() });

const resetCode = z.string({ error: accountMessages.codeRequired }).check(z.trim(), z.minLength(1, accountMessages.codeRequired), z.regex(/^\d{6}$/, accountMessages.codeInvalid));

const newPasswordField = (requiredMessage: string) =>
  z
    .string({ error: requiredMessage })
    .check(z.minLength(1, requiredMessage), z.minLength(PASSWORD_MIN_LENGTH, accountMessages.newPasswordTooShort), z.maxLength(MAX_PASSWORD, tooLongMessage(MAX_PASSWORD)));

/** Step 2 of a reset, as the API receives it. */
export const resetPasswordSchema = z.object({
  email: emailField(),
  code: resetCode,
  newPassword: newPasswordField(accountMessages.newPasswordRequired),
});
export type ResetPasswordPayload = z.output<typeof resetPasswordSchema>;

/**
 * Step 2 as a form: the same fields plus the retyped password. The two reset
 * screens word their messages differently (spec section 5), hence the variant.
 */
export function resetPasswordFormSchema(variant: 'customer' | 'reservation' = 'customer') {
  const required = variant === 'customer' ? accountMessages.newPasswordRequired : accountMessages.passwordRequired;
  const retype = variant === 'customer' ? accountMessages.retypeRequired : accountMessages.confirmRequired;
  return z
    .object({
      email: emailField(),
      code: resetCode,
      newPassword: newPasswordField(required),
      confirmPassword: z.string({ error: retype }).check(z.minLength(1, retype)),
    })
    .check(
      z.refine((values) => values.newPassword === values.confirmPassword, {
        message: accountMessages.passwordsDoNotMatch,
        path: ['confirmPassword'],
      }),
    );
}
