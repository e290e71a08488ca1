import { z } from 'zod';
import { PASSWORD_MIN_LENGTH } from '../constants/business-rules';

/** Every message of the account forms, word for word from the spec. */
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
} as const;

/** Something@something.tld with at least 2 characters after the last dot. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@.]{2,}$/;
/** Digits, spaces, hyphens, plus and parentheses only. */
export const PHONE_PATTERN = /^[0-9\s\-+()]+$/;

const MAX_NAME = 80;
const MAX_EMAIL = 254;
const MAX_PASSWORD = 128;

const requiredText = (message: string, max = MAX_NAME) =>
  z.string({ error: message }).trim().min(1, message).max(max, `Use at most ${max} characters`);

export const emailField = (requiredMessage: string = accountMessages.emailRequired) =>
  z
    .string({ error: requiredMessage })
    .trim()
    .min(1, requiredMessage)
    .max(MAX_EMAIL, accountMessages.emailInvalid)
    .regex(EMAIL_PATTERN, accountMessages.emailInvalid)
    .transform((email) => email.toLowerCase());

const passwordField = z
  .string({ error: accountMessages.passwordRequired })
  .min(1, accountMessages.passwordRequired)
  .min(PASSWORD_MIN_LENGTH, accountMessages.passwordTooShort)
  .max(MAX_PASSWORD, `Use at most ${MAX_PASSWORD} characters`);

const optionalText = (max: number, pattern?: { regex: RegExp; message: string }) =>
  z
    .string()
    .trim()
    .max(max, `Use at most ${max} characters`)
    .refine((value) => !pattern || value === '' || pattern.regex.test(value), pattern?.message ?? '')
    .optional()
    .nullable()
    .transform((value) => (value ? value : null));

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
  email: z
    .string({ error: accountMessages.emailRequired })
    .trim()
    .min(1, accountMessages.emailRequired)
    .max(MAX_EMAIL)
    .transform((email) => email.toLowerCase()),
  password: z.string({ error: accountMessages.passwordRequired }).min(1, accountMessages.passwordRequired).max(MAX_PASSWORD),
});
export type LoginInput = z.input<typeof loginSchema>;

/** Step 1 of a reset (DECISIONS.md 1): ask for a one-time code by email. */
export const resetRequestSchema = z.object({ email: emailField() });

const resetCode = z
  .string({ error: accountMessages.codeRequired })
  .trim()
  .min(1, accountMessages.codeRequired)
  .regex(/^\d{6}$/, accountMessages.codeInvalid);

/** Step 2 of a reset, as the API receives it. */
export const resetPasswordSchema = z.object({
  email: emailField(),
  code: resetCode,
  newPassword: z
    .string({ error: accountMessages.newPasswordRequired })
    .min(1, accountMessages.newPasswordRequired)
    .min(PASSWORD_MIN_LENGTH, accountMessages.newPasswordTooShort)
    .max(MAX_PASSWORD),
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
      newPassword: z
        .string({ error: required })
        .min(1, required)
        .min(PASSWORD_MIN_LENGTH, accountMessages.newPasswordTooShort)
        .max(MAX_PASSWORD),
      confirmPassword: z.string({ error: retype }).min(1, retype),
    })
    .refine((values) => values.newPassword === values.confirmPassword, {
      message: accountMessages.passwordsDoNotMatch,
      path: ['confirmPassword'],
    });
}
