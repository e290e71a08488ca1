import type { staffAccountSchema } from '@samgyup/shared/validation';
import type { z } from 'zod';
import { isUniqueViolation } from '../../db/database';
import { conflict, notFound } from '../../lib/http-error';
import type { Principal } from '../../plugins/auth';
import { recordAudit } from '../../repositories/audit-log-repository';
import { publishLiveEvents, streamsEnd } from '../../repositories/live-events-repository';
import {
  countActiveAdmins,
  findStaffByEmail,
  findStaffById,
  insertStaff,
  lockAdminAccounts,
  updateStaff,
  type StaffRole,
  type StaffRow,
} from '../../repositories/staff-repository';
import { LOGIN_PER_ACCOUNT, LOGIN_PER_ADDRESS } from '../auth-throttle';
import { logInWithPassword } from '../password-login';
import { hashPassword } from '../passwords';
import type { ServiceContext } from '../service-context';

export const staffAccountMessages = {
  wrongLogin: 'Wrong email or password.',
  disabled: 'This staff account is disabled. Please ask an admin.',
  duplicate: 'A staff account with this email already exists.',
  notFound: 'Staff account not found.',
  lastAdmin: 'Keep at least one active admin.',
  notYourself: 'You cannot disable your own account.',
} as const;

/** The staff account whose email and password these are, as tried from `address`. */
export function logInStaff(ctx: Pick<ServiceContext, 'db'>, { email, password, address }: { email: string; password: string; address: string }): Promise<StaffRow> {
  // Failures count per address and account together (and per address): a
  // stranger who guesses wrong locks out only themselves, never the staff member.
  const keys = [
    { key: `staff-login:ip-email:${address}:${email}`, rule: LOGIN_PER_ACCOUNT },
    { key: `staff-login:ip:${address}`, rule: LOGIN_PER_ADDRESS },
  ];
  return logInWithPassword(ctx.db, keys, () => findStaffByEmail(ctx.db, email), password, { wrongLogin: staffAccountMessages.wrongLogin, inactive: staffAccountMessages.disabled });
}

/** An admin adds a staff account (its password hashed), with its audit entry; an email already taken is a conflict. */
export async function createStaffAccount(ctx: Pick<ServiceContext, 'db'>, admin: Principal, input: z.output<typeof staffAccountSchema>): Promise<StaffRow> {
  try {
    const passwordHash = await hashPassword(input.password);
    return await ctx.db.transaction(async (tx) => {
      const created = await insertStaff(tx, { name: input.name, email: input.email, role: input.role, password_hash: passwordHash, created_by: admin.email });
      await recordAudit(tx, admin, 'staff-account.create', `Staff account ${created.email}`, { role: created.role });
      return created;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(staffAccountMessages.duplicate);
    throw error;
  }
}

/**
 * An admin promotes, demotes, disables or enables a staff account: never their
 * own off, never the last active admin; a disabled account's open consoles stop
 * receiving at once, on every replica.
 */
export function changeStaffAccount(ctx: Pick<ServiceContext, 'db'>, admin: Principal, id: number, change: { role?: StaffRole; is_active?: boolean }): Promise<StaffRow> {
  return ctx.db.transaction(async (tx) => {
    // Serialise admin changes so two admins cannot demote each other into no admin at all.
    await lockAdminAccounts(tx);
    const current = await findStaffById(tx, id);
    if (!current) throw notFound(staffAccountMessages.notFound);
    if (id === admin.id && change.is_active === false) throw conflict(staffAccountMessages.notYourself);
    const losesAdmin = current.role === 'admin' && current.is_active && (change.role === 'staff' || change.is_active === false);
    if (losesAdmin && (await countActiveAdmins(tx)) <= 1) throw conflict(staffAccountMessages.lastAdmin);
    const updated = await updateStaff(tx, id, change);
    await recordAudit(tx, admin, 'staff-account.update', `Staff account ${current.email}`, change);
    if (change.is_active === false) await publishLiveEvents(tx, [streamsEnd(`staff:${id}`)]);
    return updated!;
  });
}
