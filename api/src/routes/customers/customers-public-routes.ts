import { loginSchema, registerSchema, resetPasswordSchema, resetRequestSchema } from '@samgyup/shared/validation';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { isUniqueViolation } from '../../db/database';
import { conflict, forbidden, HttpError, unauthorized } from '../../lib/http-error';
import { parseInput } from '../../lib/parse-input';
import { perAddressLimit } from '../../lib/rate-limited';
import { findCustomerByEmail, findCustomerById, insertCustomer, publicCustomer, updatePasswordHash } from '../../repositories/customers-repository';
import { clearLoginFailures, LOGIN_PER_ACCOUNT, LOGIN_PER_ACCOUNT_EVERYWHERE, LOGIN_PER_ADDRESS, RESET_REQUESTS_PER_EMAIL, startAttempt } from '../../services/auth-throttle';
import { captchaMessages, verifyCaptcha } from '../../services/captcha';
import { hashPassword, verifyPassword } from '../../services/passwords';
import { consumeResetCode, issueResetCode, RESET_CODE_TTL_MINUTES } from '../../services/password-reset';

const lookupQuery = z.object({
  email: z
    .string({ error: 'Add the email to look up.' })
    .trim()
    .min(1, 'Add the email to look up.')
    .max(254)
    .transform((value) => value.toLowerCase()),
  limit: z.coerce.number().int().min(1).max(1).optional(),
});

/** The first version's "customer created when booking" fields; only the email matters to us, and it must be the caller's. */
const bookingCustomerBody = z.object({
  email: z
    .string({ error: 'Email is required' })
    .trim()
    .min(1, 'Email is required')
    .max(254)
    .transform((value) => value.toLowerCase()),
  first_name: z.string().trim().max(80).optional(),
  last_name: z.string().trim().max(80).optional(),
  phone: z.string().trim().max(30).nullable().optional(),
});

const captchaField = z.object({ captcha: z.string({ error: captchaMessages.missing }).min(1, captchaMessages.missing).max(4096) });

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

export default async function customersPublicRoutes(app: FastifyInstance) {
  const limited = perAddressLimit(app.config);

  async function requireCaptcha(request: FastifyRequest) {
    const { captcha } = parseInput(captchaField, request.body);
    if (!(await verifyCaptcha(app.db, app.config.captcha, captcha))) throw new HttpError(400, captchaMessages.invalid);
  }

  // The booking flow's customer lookup of the first version, limited to the caller's own record (docs/decisions.md 8).
  app.get('/api/customers', async (request) => {
    const principal = await app.authenticateCustomer(request);
    const { email } = parseInput(lookupQuery, request.query);
    if (email !== principal.email.toLowerCase()) throw forbidden(customerMessages.ownEmailOnly);
    const customer = await findCustomerById(app.db, principal.id);
    return { success: true, data: customer && customer.is_active ? [publicCustomer(customer)] : [] };
  });

  // The booking flow creates the customer when the lookup finds none; a logged-in
  // customer always has a record, so this answers it, and never creates someone else.
  app.post('/api/customers', async (request, reply) => {
    const principal = await app.authenticateCustomer(request);
    const { email } = parseInput(bookingCustomerBody, request.body);
    if (email !== principal.email.toLowerCase()) throw forbidden(customerMessages.ownEmailOnly);
    const customer = await findCustomerById(app.db, principal.id);
    if (!customer || !customer.is_active) throw unauthorized(customerMessages.inactive);
    reply.status(200);
    return { success: true, message: customerMessages.customerFound, data: publicCustomer(customer) };
  });

  app.post('/api/customers/register', limited, async (request, reply) => {
    const input = parseInput(registerSchema, request.body);
    await requireCaptcha(request);
    const existing = await findCustomerByEmail(app.db, input.email);
    if (existing) throw conflict(customerMessages.duplicateEmail);
    try {
      const customer = await insertCustomer(app.db, { ...input, password_hash: await hashPassword(input.password) });
      reply.status(201);
      return { success: true, message: customerMessages.registered, data: publicCustomer(customer) };
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict(customerMessages.duplicateEmail);
      throw error;
    }
  });

  app.post('/api/customers/login', limited, async (request) => {
    const { email, password } = parseInput(loginSchema, request.body);
    await requireCaptcha(request);
    // The 5-failure lock falls on an account as tried from one address, so a
    // stranger who guesses wrong (captcha and all) locks out only themselves.
    const attempt = await startAttempt(app.db, [
      { key: `login:email-ip:${email}:${request.ip}`, rule: LOGIN_PER_ACCOUNT },
      { key: `login:email:${email}`, rule: LOGIN_PER_ACCOUNT_EVERYWHERE },
      { key: `login:ip:${request.ip}`, rule: LOGIN_PER_ADDRESS },
    ]);
    const customer = await findCustomerByEmail(app.db, email);
    if (!(await verifyPassword(customer?.password_hash, password)) || !customer) {
      await attempt.failed();
      throw new HttpError(401, customerMessages.wrongLogin);
    }
    await attempt.succeeded();
    if (!customer.is_active) throw new HttpError(403, customerMessages.inactive);
    // The phone they gave: the booking form starts with it.
    const user = { id: customer.id, first_name: customer.first_name, last_name: customer.last_name, email: customer.email, phone: customer.phone };
    return {
      success: true,
      message: 'Login successful',
      data: { token: app.issueToken({ id: customer.id, email: customer.email, role: 'customer', sessionVersion: customer.session_version }), user },
    };
  });

  app.post('/api/customers/reset-password/request', limited, async (request) => {
    const { email } = parseInput(resetRequestSchema, request.body);
    await requireCaptcha(request);
    // Every request counts as a use, so three mails at most per quarter hour, however many arrive at once.
    await (await startAttempt(app.db, [{ key: `reset:email:${email}`, rule: RESET_REQUESTS_PER_EMAIL }])).failed();
    const customer = await findCustomerByEmail(app.db, email);
    if (customer?.is_active) {
      const code = await issueResetCode(app.db, app.config.jwtSecret, customer.id);
      // Sent at once, not through the notices queue: a stored notice would keep the code in the clear
      // and show it to staff, and a retry after its 15 minutes is worthless.
      await app.notices.sendAtOnce({
        to: customer.email,
        subject: `Your password reset code: ${code}`,
        text: `Hello ${customer.first_name},\n\nYour code to reset your Samgyup Plaridel password is ${code}.\nIt is valid for ${RESET_CODE_TTL_MINUTES} minutes. If you did not ask for it, you can ignore this email.\n`,
      });
    }
    // The same answer whether or not the account exists.
    return { success: true, message: customerMessages.resetRequested };
  });

  app.post('/api/customers/reset-password', limited, async (request) => {
    const { email, code, newPassword } = parseInput(resetPasswordSchema, request.body);
    const customer = await findCustomerByEmail(app.db, email);
    await consumeResetCode(app.db, app.config.jwtSecret, customer?.id ?? null, code);
    // Every session of the account ends with the old password: a token issued before the reset is refused.
    await updatePasswordHash(app.db, customer!.id, await hashPassword(newPassword));
    await clearLoginFailures(app.db, email);
    return { success: true, message: customerMessages.resetDone };
  });
}
