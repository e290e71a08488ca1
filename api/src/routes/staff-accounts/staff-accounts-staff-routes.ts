import { loginSchema, staffAccountSchema } from '@samgyup/shared/validation';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { parseInput } from '../../lib/parse-input';
import { perAddressLimit } from '../../lib/rate-limited';
import { rowIdParams } from '../../lib/row-id-params';
import { findStaffById, listStaff, publicStaff } from '../../repositories/staff-repository';
import { changeStaffAccount, createStaffAccount, logInStaff, staffAccountMessages } from '../../services/staff-accounts/staff-accounts-service';
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
    const staff = await logInStaff(app, { email, password, address: request.ip });
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
