import { menuItemChangeSchema, menuItemSchema, menuMessages, menuOrderSchema } from '@samgyup/shared/validation';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { isUniqueViolation } from '../../db/database';
import { conflict, notFound } from '../../lib/http-error';
import { parseInput } from '../../lib/parse-input';
import { recordAudit } from '../../repositories/audit-log-repository';
import { insertMenuItem, listAllMenuItems, lockMenuItem, reorderMenuItems, updateMenuItem, type MenuItemState } from '../../repositories/menu-repository';
import { EVERY_STAFF, staffAccess, staffOf } from '../../plugins/staff-authorization';

const idParams = z.object({
  id: z.coerce
    .number()
    .int()
    .positive('Menu item not found.')
    .max(2 ** 31 - 1, 'Menu item not found.'),
});

const NAME_TAKEN = 'That menu already has an item of this name.';

/** The fields of `after` that differ from `before`, each as { old, new } (what the audit log keeps). */
function changes(before: MenuItemState, after: Partial<MenuItemState>) {
  const changed: Record<string, { old: unknown; new: unknown }> = {};
  for (const [field, value] of Object.entries(after) as [keyof MenuItemState, unknown][]) {
    if (value !== undefined && before[field] !== value) changed[field] = { old: before[field], new: value };
  }
  return changed;
}

/** Staff add, edit, reorder, retire and restore menu items; the public lists follow at once. */
export default async function menuStaffRoutes(app: FastifyInstance) {
  app.get('/api/staff/menu-items', staffAccess(EVERY_STAFF), async () => {
    return { success: true, data: await listAllMenuItems(app.db) };
  });

  app.post('/api/staff/menu-items', staffAccess(EVERY_STAFF), async (request, reply) => {
    const staff = staffOf(request);
    const item = parseInput(menuItemSchema, request.body);
    const id = await app.db
      .transaction(async (tx) => {
        const created = await insertMenuItem(tx, item, staff.email);
        await recordAudit(tx, staff, 'menu-item.create', `Menu item #${created}`, item);
        return created;
      })
      .catch((error: unknown) => {
        throw isUniqueViolation(error) ? conflict(NAME_TAKEN) : error;
      });
    await app.publicListChanged('menu');
    return reply.code(201).send({ success: true, message: `${item.name} is on the menu.`, data: { id } });
  });

  app.patch('/api/staff/menu-items/:id', staffAccess(EVERY_STAFF), async (request) => {
    const staff = staffOf(request);
    const { id } = parseInput(idParams, request.params);
    const change = parseInput(menuItemChangeSchema, request.body);
    await app.db
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
      .catch((error: unknown) => {
        throw isUniqueViolation(error) ? conflict(NAME_TAKEN) : error;
      });
    await app.publicListChanged('menu');
    return { success: true, message: changeMessage(change) };
  });

  app.put('/api/staff/menu-items/order', staffAccess(EVERY_STAFF), async (request) => {
    const staff = staffOf(request);
    const { category, ids } = parseInput(menuOrderSchema, request.body);
    const done = await app.db.transaction(async (tx) => {
      if (!(await reorderMenuItems(tx, category, ids))) return false;
      await recordAudit(tx, staff, 'menu-item.reorder', `Menu ${category}`, { ids });
      return true;
    });
    if (!done) throw conflict(`${menuMessages.orderList} The menu changed meanwhile: reload it and try again.`);
    await app.publicListChanged('menu');
    return { success: true, message: 'The new order is on the menu.' };
  });
}

function auditAction(change: z.infer<typeof menuItemChangeSchema>) {
  if (change.retired !== undefined) return change.retired ? 'menu-item.retire' : 'menu-item.restore';
  const fields = Object.keys(change);
  return fields.length === 1 && fields[0] === 'is_available' ? 'menu-item.availability' : 'menu-item.update';
}

function changeMessage(change: z.infer<typeof menuItemChangeSchema>) {
  if (change.retired === true) return 'The item is retired: it is off the menu for good, and kept in the records.';
  if (change.retired === false) return 'The item is back on the menu.';
  const fields = Object.keys(change);
  if (fields.length === 1 && change.is_available !== undefined) return change.is_available ? 'The item is on the menu again.' : 'The item is off the menu.';
  return 'Saved. The menu pages show the change.';
}
