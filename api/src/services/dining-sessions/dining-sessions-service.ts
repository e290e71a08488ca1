import { conflict, notFound } from '../../lib/http-error';
import type { Principal } from '../../plugins/auth';
import { closeSession, extendSession, findSessionById, type DiningSession } from '../../repositories/dining-repository';
import type { ServiceContext } from '../service-context';

export const SESSION_NOT_FOUND = 'Dining session not found.';

/** Staff close a table's session as the party leaves: its code stops working, its waiting refills are cancelled and its phones hear so. */
export async function closeDiningSession(ctx: Pick<ServiceContext, 'db'>, staff: Principal, id: number): Promise<DiningSession> {
  if (!(await findSessionById(ctx.db, id))) throw notFound(SESSION_NOT_FOUND);
  const session = await ctx.db.transaction((tx) => closeSession(tx, id, staff.email));
  return session!;
}

/** Staff give an open table more dining time. */
export async function extendDiningSession(ctx: Pick<ServiceContext, 'db'>, id: number, minutes: number): Promise<DiningSession> {
  const session = await findSessionById(ctx.db, id);
  if (!session) throw notFound(SESSION_NOT_FOUND);
  if (session.closed_at !== null) throw conflict(`Table ${session.table_number} is already closed.`);
  return (await extendSession(ctx.db, id, minutes))!;
}
