import { menuItemChangeSchema, menuItemSchema, menuOrderSchema } from '@samgyup/shared/validation';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { parseInput } from '../../lib/parse-input';
import { rowIdParams } from '../../lib/row-id-params';
import { listAllMenuItems } from '../../repositories/menu-repository';
import { changeMenuItem, createMenuItem, orderMenu } from '../../services/menu/menu-service';
import { EVERY_STAFF, staffAccess, staffOf } from '../../plugins/staff-authorization';

const idParams = rowIdParams('Menu item not found.');

/** Staff add, edit, reorder, retire and restore menu items; the public lists follow at once. */
export default async function menuStaffRoutes(app: FastifyInstance) {
  app.get('/api/staff/menu-items', staffAccess(EVERY_STAFF), async () => {
    return { success: true, data: await listAllMenuItems(app.db) };
  });

  app.post('/api/staff/menu-items', staffAccess(EVERY_STAFF), async (request, reply) => {
    const staff = staffOf(request);
    const item = parseInput(menuItemSchema, request.body);
    const id = await createMenuItem(app, staff, item);
    return reply.code(201).send({ success: true, message: `${item.name} is on the menu.`, data: { id } });
  });

  app.patch('/api/staff/menu-items/:id', staffAccess(EVERY_STAFF), async (request) => {
    const staff = staffOf(request);
    const { id } = parseInput(idParams, request.params);
    const change = parseInput(menuItemChangeSchema, request.body);
    await changeMenuItem(app, staff, id, change);
    return { success: true, message: changeMessage(change) };
  });

  app.put('/api/staff/menu-items/order', staffAccess(EVERY_STAFF), async (request) => {
    const staff = staffOf(request);
    const { category, ids } = parseInput(menuOrderSchema, request.body);
    await orderMenu(app, staff, category, ids);
    return { success: true, message: 'The new order is on the menu.' };
  });
}

function changeMessage(change: z.infer<typeof menuItemChangeSchema>) {
  if (change.retired === true) return 'The item is retired: it is off the menu for good, and kept in the records.';
  if (change.retired === false) return 'The item is back on the menu.';
  const fields = Object.keys(change);
  if (fields.length === 1 && change.is_available !== undefined) return change.is_available ? 'The item is on the menu again.' : 'The item is off the menu.';
  return 'Saved. The menu pages show the change.';
}
