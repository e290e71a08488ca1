import { menuMessages, type MenuCategory, type MenuItemChange, type MenuItemInput } from '@samgyup/shared/validation';
import { isUniqueViolation } from '../../db/database';
import { conflict, notFound } from '../../lib/http-error';
import type { Principal } from '../../plugins/auth';
import { recordAudit } from '../../repositories/audit-log-repository';
import { insertMenuItem, lockMenuItem, reorderMenuItems, updateMenuItem, type MenuItemState } from '../../repositories/menu-repository';
import type { ServiceContext } from '../service-context';

type MenuContext = Pick<ServiceContext, 'db' | 'publicListChanged'>;

const NAME_TAKEN = 'That menu already has an item of this name.';

/** A second item of one name in one menu is refused by the database; say so in the staff's words. */
function nameTakenAsConflict(error: unknown): never {
  throw isUniqueViolation(error) ? conflict(NAME_TAKEN) : error;
}

/** The fields of `after` that differ from `before`, each as { old, new } (what the audit log keeps). */
function changes(before: MenuItemState, after: Partial<MenuItemState>) {
  const changed: Record<string, { old: unknown; new: unknown }> = {};
  for (const [field, value] of Object.entries(after) as [keyof MenuItemState, unknown][]) {
    if (value !== undefined && before[field] !== value) changed[field] = { old: before[field], new: value };
  }
  return changed;
}

function auditAction(change: MenuItemChange) {
  if (change.retired !== undefined) return change.retired ? 'menu-item.retire' : 'menu-item.restore';
  const fields = Object.keys(change);
  return fields.length === 1 && fields[0] === 'is_available' ? 'menu-item.availability' : 'menu-item.update';
}

/** Staff add a menu item, with its audit entry; the public menus show it at once. Answers its id. */
export async function createMenuItem(ctx: MenuContext, staff: Principal, item: Required<MenuItemInput>): Promise<number> {
  const id = await ctx.db
    .transaction(async (tx) => {
      const created = await insertMenuItem(tx, item, staff.email);
      await recordAudit(tx, staff, 'menu-item.create', `Menu item #${created}`, item);
      return created;
    })
    .catch(nameTakenAsConflict);
  await ctx.publicListChanged('menu');
  return id;
}

/** Staff edit, switch off or on, retire or restore a menu item; the audit entry names what changed. */
export async function changeMenuItem(ctx: MenuContext, staff: Principal, id: number, change: MenuItemChange): Promise<void> {
  await ctx.db
    .transaction(async (tx) => {
      const before = await lockMenuItem(tx, id);
      if (!before) throw notFound('Menu item not found.');
      await updateMenuItem(tx, id, change, staff.email);
      const changed = changes(before, change);
      const action = auditAction(change);
      // An availability switch keeps the entry it always had; other changes name each field's old and new value.
      const details = action === 'menu-item.availability' ? { is_available: change.is_available } : changed;
      if (Object.keys(changed).length > 0) await recordAudit(tx, staff, action, `Menu item #${id}`, details);
    })
    .catch(nameTakenAsConflict);
  await ctx.publicListChanged('menu');
}

/** Staff put one menu in a new order; a list that no longer names every item is refused. */
export async function orderMenu(ctx: MenuContext, staff: Principal, category: MenuCategory, ids: number[]): Promise<void> {
  const done = await ctx.db.transaction(async (tx) => {
    if (!(await reorderMenuItems(tx, category, ids))) return false;
    await recordAudit(tx, staff, 'menu-item.reorder', `Menu ${category}`, { ids });
    return true;
  });
  if (!done) throw conflict(`${menuMessages.orderList} The menu changed meanwhile: reload it and try again.`);
  await ctx.publicListChanged('menu');
}
