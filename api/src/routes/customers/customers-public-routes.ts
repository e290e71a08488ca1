import { loginSchema, registerSchema, resetPasswordSchema, resetRequestSchema } from '@samgyup/shared/validation';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { HttpError, unauthorized } from '../../lib/http-error';
import { parseInput } from '../../lib/parse-input';
import { perAddressLimit } from '../../lib/rate-limited';
import { publicCustomer } from '../../repositories/customers-repository';
import { captchaMessages, verifyCaptcha } from '../../services/captcha';
import { customerMessages, logInCustomer, ownCustomerRecord, registerCustomer, requestPasswordReset, resetPassword } from '../../services/customers/customer-accounts-service';

/** The email the booking flow names its customer by, compared in lower case; `missing`: the message when there is none. */
const bookingFlowEmail = (missing: string) =>
  z
    .string({ error: missing })
    .trim()
    .min(1, missing)
    .max(254)
    .transform((value) => value.toLowerCase());

const lookupQuery = z.object({
  email: bookingFlowEmail('Add the email to look up.'),
  limit: z.coerce.number().int().min(1).max(1).optional(),
});

/** The first version's "customer created when booking" fields; only the email matters to us, and it must be the caller's. */
const bookingCustomerBody = z.object({
  email: bookingFlowEmail('Email is required'),
  first_name: z.string().trim().max(80).optional(),
  last_name: z.string().trim().max(80).optional(),
  phone: z.string().trim().max(30).nullable().optional(),
});

const captchaField = z.object({ captcha: z.string({ error: captchaMessages.missing }).min(1, captchaMessages.missing).max(4096) });

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
    const customer = await ownCustomerRecord(app, principal, email);
    return { success: true, data: customer ? [publicCustomer(customer)] : [] };
  });

  // The booking flow creates the customer when the lookup finds none; a logged-in
  // customer always has a record, so this answers it, and never creates someone else.
  app.post('/api/customers', async (request, reply) => {
    const principal = await app.authenticateCustomer(request);
    const { email } = parseInput(bookingCustomerBody, request.body);
    const customer = await ownCustomerRecord(app, principal, email);
    if (!customer) throw unauthorized(customerMessages.inactive);
    reply.status(200);
    return { success: true, message: customerMessages.customerFound, data: publicCustomer(customer) };
  });

  app.post('/api/customers/register', limited, async (request, reply) => {
    const input = parseInput(registerSchema, request.body);
    await requireCaptcha(request);
    const customer = await registerCustomer(app, input);
    reply.status(201);
    return { success: true, message: customerMessages.registered, data: publicCustomer(customer) };
  });

  app.post('/api/customers/login', limited, async (request) => {
    const { email, password } = parseInput(loginSchema, request.body);
    await requireCaptcha(request);
    const customer = await logInCustomer(app, { email, password, address: request.ip });
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
    await requestPasswordReset(app, email);
    // The same answer whether or not the account exists.
    return { success: true, message: customerMessages.resetRequested };
  });

  app.post('/api/customers/reset-password', limited, async (request) => {
    const input = parseInput(resetPasswordSchema, request.body);
    await resetPassword(app, input);
    return { success: true, message: customerMessages.resetDone };
  });
}
