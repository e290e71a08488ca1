import { loginSchema, staffAccountSchema } from '@samgyup/shared/validation';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { HttpError } from '../../lib/http-error';
import { parseInput } from '../../lib/parse-input';
import { perAddressLimit } from '../../lib/rate-limited';
import { rowIdParams } from '../../lib/row-id-params';
import { findStaffByEmail, findStaffById, listStaff, publicStaff } from '../../repositories/staff-repository';
import { LOGIN_PER_ACCOUNT, LOGIN_PER_ADDRESS, startAttempt } from '../../services/auth-throttle';
import { verifyPassword } from '../../services/passwords';
import { changeStaffAccount, createStaffAccount, staffAccountMessages } from '../../services/staff-accounts/staff-accounts-service';
import { ADMINS, EVERY_STAFF, staffAccess, staffOf } from '../../plugins/staff-authorization';

const idParams = rowIdParams(staffAccountMessages.notFound);
const changeBody = z
  .object({ role: z.enum(['staff', 'admin']).optional(), is_active: z.boolean().optional() })
  .refine((value) => value.role !== undefined || value.is_active !== undefined, 'Send a role or is_active.');

/** Staff log in apart from customers; admins add, promote and disable staff. */
export default async function staffAccountsStaffRoutes(app: FastifyInstance) {
  const limited = perAddressLimit(app.config);

  app.post('/api/staff/login', staffAccess('anyone', limited), async (request) => {
    const { email, password } = parseInput(loginSchema, request.body);
    // Failures count per address and account together (and per address): a
    // stranger who guesses wrong locks out only themselves, never the staff member.
    const attempt = await startAttempt(app.db, [
      { key: `staff-login:ip-email:${request.ip}:${email}`, rule: LOGIN_PER_ACCOUNT },
      { key: `staff-login:ip:${request.ip}`, rule: LOGIN_PER_ADDRESS },
    ]);
    const staff = await findStaffByEmail(app.db, email);
    if (!(await verifyPassword(staff?.password_hash, password)) || !staff) {
      await attempt.failed();
      throw new HttpError(401, staffAccountMessages.wrongLogin);
    }
    await attempt.succeeded();
    if (!staff.is_active) throw new HttpError(403, staffAccountMessages.disabled);
    const token = app.issueToken({ id: staff.id, email: staff.email, role: staff.role });
    return { success: true, message: `Welcome, ${staff.name}.`, data: { token, staff: publicStaff(staff) } };
  });

  app.get('/api/staff/me', staffAccess(EVERY_STAFF), async (request) => {
    const principal = staffOf(request);
    const staff = principal.id === 0 ? null : await findStaffById(app.db, principal.id);
    return { success: true, data: staff ? publicStaff(staff) : { id: 0, name: 'Command line', email: principal.email, role: principal.role } };
  });

  app.get('/api/staff/accounts', staffAccess(ADMINS), async () => {
    return { success: true, data: (await listStaff(app.db)).map(publicStaff) };
  });

  app.post('/api/staff/accounts', staffAccess(ADMINS), async (request, reply) => {
    const admin = staffOf(request);
    const input = parseInput(staffAccountSchema, request.body);
    const staff = await createStaffAccount(app, admin, input);
    reply.status(201);
    return { success: true, message: `${staff.name} can now log in.`, data: publicStaff(staff) };
  });

  app.patch('/api/staff/accounts/:id', staffAccess(ADMINS), async (request) => {
    const admin = staffOf(request);
    const { id } = parseInput(idParams, request.params);
    const change = parseInput(changeBody, request.body);
    const updated = await changeStaffAccount(app, admin, id, change);
    return { success: true, message: 'Saved.', data: publicStaff(updated) };
  });
}
