import type { registerSchema } from '@samgyup/shared/validation';
import type { z } from 'zod';
import { isUniqueViolation } from '../../db/database';
import { conflict, forbidden } from '../../lib/http-error';
import type { Principal } from '../../plugins/auth';
import { findCustomerByEmail, findCustomerById, insertCustomer, updatePasswordHash, type CustomerRow } from '../../repositories/customers-repository';
import { clearLoginFailures, LOGIN_PER_ACCOUNT, LOGIN_PER_ACCOUNT_EVERYWHERE, LOGIN_PER_ADDRESS, RESET_REQUESTS_PER_EMAIL, startAttempt } from '../auth-throttle';
import { logInWithPassword } from '../password-login';
import { consumeResetCode, issueResetCode, RESET_CODE_TTL_MINUTES } from '../password-reset';
import { hashPassword } from '../passwords';
import type { ServiceContext } from '../service-context';

export const customerMessages = {
  duplicateEmail: 'An account with this email already exists. Please log in instead.',
  // One answer for an unknown email and a wrong password: the login tells no one who has an account.
  wrongLogin: 'Invalid email or password',
  inactive: 'This account is disabled. Please contact the restaurant.',
  registered: 'Registration successful! Please login to continue.',
  ownEmailOnly: 'You can only use the email of the account you are logged in with.',
  customerFound: 'Customer already exists.',
  resetRequested: 'If an account uses this email, we sent it a 6-digit code. It is valid for 15 minutes.',
  resetDone: 'Your password has been reset. You can now log in.',
} as const;

/** A new customer account (its password hashed); an email already taken is a conflict, however close together the two registrations came. */
export async function registerCustomer(ctx: Pick<ServiceContext, 'db'>, input: z.output<typeof registerSchema>): Promise<CustomerRow> {
  if (await findCustomerByEmail(ctx.db, input.email)) throw conflict(customerMessages.duplicateEmail);
  try {
    return await insertCustomer(ctx.db, { ...input, password_hash: await hashPassword(input.password) });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(customerMessages.duplicateEmail);
    throw error;
  }
}

/** The customer whose email and password these are, as tried from `address` (the throttles count per account and address). */
export function logInCustomer(ctx: Pick<ServiceContext, 'db'>, { email, password, address }: { email: string; password: string; address: string }): Promise<CustomerRow> {
  // The 5-failure lock falls on an account as tried from one address, so a
  // stranger who guesses wrong (captcha and all) locks out only themselves.
  const keys = [
    { key: `login:email-ip:${email}:${address}`, rule: LOGIN_PER_ACCOUNT },
    { key: `login:email:${email}`, rule: LOGIN_PER_ACCOUNT_EVERYWHERE },
    { key: `login:ip:${address}`, rule: LOGIN_PER_ADDRESS },
  ];
  return logInWithPassword(ctx.db, keys, () => findCustomerByEmail(ctx.db, email), password, customerMessages);
}

/**
 * The logged-in customer's own record, asked for by its email (the first
 * version's booking flow looks customers up by email): another email is
 * refused (docs/decisions.md 8); null when the account is disabled or gone.
 */
export async function ownCustomerRecord(ctx: Pick<ServiceContext, 'db'>, principal: Principal, email: string): Promise<CustomerRow | null> {
  if (email !== principal.email.toLowerCase()) throw forbidden(customerMessages.ownEmailOnly);
  const customer = await findCustomerById(ctx.db, principal.id);
  return customer?.is_active ? customer : null;
}

/** Mails a one-time reset code to an active account's email; for any other email nothing happens, and the caller answers the same. */
export async function requestPasswordReset(ctx: Pick<ServiceContext, 'db' | 'config' | 'notices'>, email: string): Promise<void> {
  // Every request counts as a use, so three mails at most per quarter hour, however many arrive at once.
  await (await startAttempt(ctx.db, [{ key: `reset:email:${email}`, rule: RESET_REQUESTS_PER_EMAIL }])).failed();
  const customer = await findCustomerByEmail(ctx.db, email);
  if (!customer?.is_active) return;
  const code = await issueResetCode(ctx.db, ctx.config.jwtSecret, customer.id);
  // Sent at once, not through the notices queue: a stored notice would keep the code in the clear
  // and show it to staff, and a retry after its 15 minutes is worthless.
  await ctx.notices.sendAtOnce({
    to: customer.email,
    subject: `Your password reset code: ${code}`,
    text: `Hello ${customer.first_name},\n\nYour code to reset your Samgyup Plaridel password is ${code}.\nIt is valid for ${RESET_CODE_TTL_MINUTES} minutes. If you did not ask for it, you can ignore this email.\n`,
  });
}

/** Sets a new password when the code is right (5 tries, 15 minutes), and forgets the account's failed logins. */
export async function resetPassword(ctx: Pick<ServiceContext, 'db' | 'config'>, { email, code, newPassword }: { email: string; code: string; newPassword: string }): Promise<void> {
  const customer = await findCustomerByEmail(ctx.db, email);
  // Each step of the check is one atomic statement, so parallel guesses share the 5 tries (no transaction to roll a counted try back).
  await consumeResetCode(ctx.db, ctx.config.jwtSecret, customer?.id ?? null, code);
  // Every session of the account ends with the old password: a token issued before the reset is refused.
  await updatePasswordHash(ctx.db, customer!.id, await hashPassword(newPassword));
  await clearLoginFailures(ctx.db, email);
}
