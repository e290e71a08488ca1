import { menuMessages, type PromoInput } from '@samgyup/shared/validation';
import { conflict, notFound } from '../../lib/http-error';
import type { Principal } from '../../plugins/auth';
import { recordAudit } from '../../repositories/audit-log-repository';
import { insertPromo, lockPromo, reorderPromos, updatePromo } from '../../repositories/promos-repository';
import type { ServiceContext } from '../service-context';

type PromosContext = Pick<ServiceContext, 'db' | 'publicListChanged'>;

/** Staff add a promo (shown on /promos unless hidden), with its audit entry; answers its id. */
export async function createPromo(ctx: PromosContext, staff: Principal, promo: Required<PromoInput>): Promise<number> {
  const id = await ctx.db.transaction(async (tx) => {
    const created = await insertPromo(tx, promo, staff.email);
    await recordAudit(tx, staff, 'promo.create', `Promo #${created}`, promo);
    return created;
  });
  await ctx.publicListChanged('promos');
  return id;
}

/** Staff edit a promo; the audit entry keeps what it said before. */
export async function editPromo(ctx: PromosContext, staff: Principal, id: number, promo: Required<PromoInput>): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const before = await lockPromo(tx, id);
    if (!before) throw notFound('Promo not found.');
    await updatePromo(tx, id, promo, staff.email);
    const { id: _id, photo_id: _photo, ...old } = before;
    await recordAudit(tx, staff, 'promo.update', `Promo #${id} (${before.title})`, { old, new: promo });
  });
  await ctx.publicListChanged('promos');
}

/** Staff put the promos in a new order; a list that no longer names every promo is refused. */
export async function orderPromos(ctx: PromosContext, staff: Principal, ids: number[]): Promise<void> {
  const done = await ctx.db.transaction(async (tx) => {
    if (!(await reorderPromos(tx, ids))) return false;
    await recordAudit(tx, staff, 'promo.reorder', 'Promos', { ids });
    return true;
  });
  if (!done) throw conflict(`${menuMessages.orderList} The promos changed meanwhile: reload them and try again.`);
  await ctx.publicListChanged('promos');
}
