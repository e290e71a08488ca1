import { loginSchema, staffAccountSchema } from '@samgyup/shared/validation';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { isUniqueViolation } from '../../db/database';
import { conflict, HttpError, notFound } from '../../lib/http-error';
import { parseInput } from '../../lib/parse-input';
import { perAddressLimit } from '../../lib/rate-limited';
import { recordAudit } from '../../repositories/audit-log-repository';
import { publishLiveEvents, streamsEnd } from '../../repositories/live-events-repository';
import { countActiveAdmins, findStaffByEmail, findStaffById, insertStaff, listStaff, lockAdminAccounts, publicStaff, updateStaff } from '../../repositories/staff-repository';
import { LOGIN_PER_ACCOUNT, LOGIN_PER_ADDRESS, startAttempt } from '../../services/auth-throttle';
import { hashPassword, verifyPassword } from '../../services/passwords';
import { ADMINS, EVERY_STAFF, staffAccess, staffOf } from '../../plugins/staff-authorization';

export const staffAccountMessages = {
  wrongLogin: 'Wrong email or password.',
  disabled: 'This staff account is disabled. Please ask an admin.',
  duplicate: 'A staff account with this email already exists.',
  notFound: 'Staff account not found.',
  lastAdmin: 'Keep at least one active admin.',
  notYourself: 'You cannot disable your own account.',
} as const;

const idParams = z.object({
  id: z.coerce
    .number()
    .int()
    .positive(staffAccountMessages.notFound)
    .max(2 ** 31 - 1, staffAccountMessages.notFound),
});
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
    try {
      const passwordHash = await hashPassword(input.password);
      const staff = await app.db.transaction(async (tx) => {
        const created = await insertStaff(tx, { name: input.name, email: input.email, role: input.role, password_hash: passwordHash, created_by: admin.email });
        await recordAudit(tx, admin, 'staff-account.create', `Staff account ${created.email}`, { role: created.role });
        return created;
      });
      reply.status(201);
      return { success: true, message: `${staff.name} can now log in.`, data: publicStaff(staff) };
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict(staffAccountMessages.duplicate);
      throw error;
    }
  });

  app.patch('/api/staff/accounts/:id', staffAccess(ADMINS), async (request) => {
    const admin = staffOf(request);
    const { id } = parseInput(idParams, request.params);
    const change = parseInput(changeBody, request.body);
    return app.db.transaction(async (tx) => {
      // Serialise admin changes so two admins cannot demote each other into no admin at all.
      await lockAdminAccounts(tx);
      const current = await findStaffById(tx, id);
      if (!current) throw notFound(staffAccountMessages.notFound);
      if (id === admin.id && change.is_active === false) throw conflict(staffAccountMessages.notYourself);
      const losesAdmin = current.role === 'admin' && current.is_active && (change.role === 'staff' || change.is_active === false);
      if (losesAdmin && (await countActiveAdmins(tx)) <= 1) throw conflict(staffAccountMessages.lastAdmin);
      const updated = await updateStaff(tx, id, change);
      await recordAudit(tx, admin, 'staff-account.update', `Staff account ${current.email}`, change);
      // A disabled account's open console stops receiving reservations at once, on every replica.
      if (change.is_active === false) await publishLiveEvents(tx, [streamsEnd(`staff:${id}`)]);
      return { success: true, message: 'Saved.', data: publicStaff(updated!) };
    });
  });
}
