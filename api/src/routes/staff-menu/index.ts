import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { notFound } from '../../lib/http-error';
import { parseInput } from '../../lib/parse-input';
import { recordAudit } from '../../repositories/audit-log-repository';
import { listAllMenuItems, setMenuItemAvailable } from '../../repositories/menu-repository';

const idParams = z.object({ id: z.coerce.number().int().positive('Menu item not found.').max(2 ** 31 - 1, 'Menu item not found.') });
const availabilityBody = z.object({ is_available: z.boolean({ error: 'Send is_available as true or false.' }) });

/** Staff take a sold-out item off the public menu and put it back. */
export default async function staffMenuRoutes(app: FastifyInstance) {
  app.get('/api/staff/menu-items', async (request) => {
    await app.authenticateStaff(request);
    return { success: true, data: await listAllMenuItems(app.db) };
  });

  app.patch('/api/staff/menu-items/:id', async (request) => {
    const staff = await app.authenticateStaff(request);
    const { id } = parseInput(idParams, request.params);
    const { is_available } = parseInput(availabilityBody, request.body);
    const changed = await app.db.transaction(async (tx) => {
      if (!(await setMenuItemAvailable(tx, id, is_available, staff.email))) return false;
      await recordAudit(tx, staff, 'menu-item.availability', `Menu item #${id}`, { is_available });
      return true;
    });
    if (!changed) throw notFound('Menu item not found.');
    await app.publicListChanged('menu');
    return { success: true, message: is_available ? 'The item is on the menu again.' : 'The item is off the menu.' };
  });
}
