import { menuMessages, promoOrderSchema, promoSchema } from '@samgyup/shared/validation';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { conflict, notFound } from '../../lib/http-error';
import { parseInput } from '../../lib/parse-input';
import { recordAudit } from '../../repositories/audit-log-repository';
import { insertPromo, listAllPromos, lockPromo, reorderPromos, updatePromo } from '../../repositories/promos-repository';
import { EVERY_STAFF, staffAccess, staffOf } from '../../plugins/staff-authorization';

const idParams = z.object({
  id: z.coerce
    .number()
    .int()
    .positive('Promo not found.')
    .max(2 ** 31 - 1, 'Promo not found.'),
});

/** Staff create, edit, hide and reorder the promos /promos shows (promos-public-routes.ts). */
export default async function promosStaffRoutes(app: FastifyInstance) {
  app.get('/api/staff/promos', staffAccess(EVERY_STAFF), async () => {
    return { success: true, data: await listAllPromos(app.db) };
  });

  app.post('/api/staff/promos', staffAccess(EVERY_STAFF), async (request, reply) => {
    const staff = staffOf(request);
    const promo = parseInput(promoSchema, request.body);
    const id = await app.db.transaction(async (tx) => {
      const created = await insertPromo(tx, promo, staff.email);
      await recordAudit(tx, staff, 'promo.create', `Promo #${created}`, promo);
      return created;
    });
    await app.publicListChanged('promos');
    return reply.code(201).send({ success: true, message: promo.is_hidden ? 'The promo is saved, hidden.' : 'The promo is on /promos.', data: { id } });
  });

  app.put('/api/staff/promos/:id', staffAccess(EVERY_STAFF), async (request) => {
    const staff = staffOf(request);
    const { id } = parseInput(idParams, request.params);
    const promo = parseInput(promoSchema, request.body);
    await app.db.transaction(async (tx) => {
      const before = await lockPromo(tx, id);
      if (!before) throw notFound('Promo not found.');
      await updatePromo(tx, id, promo, staff.email);
      const { id: _id, photo_id: _photo, ...old } = before;
      await recordAudit(tx, staff, 'promo.update', `Promo #${id} (${before.title})`, { old, new: promo });
    });
    await app.publicListChanged('promos');
    return { success: true, message: promo.is_hidden ? 'Saved. The promo is hidden from /promos.' : 'Saved. /promos shows the change.' };
  });

  app.put('/api/staff/promos/order', staffAccess(EVERY_STAFF), async (request) => {
    const staff = staffOf(request);
    const { ids } = parseInput(promoOrderSchema, request.body);
    const done = await app.db.transaction(async (tx) => {
      if (!(await reorderPromos(tx, ids))) return false;
      await recordAudit(tx, staff, 'promo.reorder', 'Promos', { ids });
      return true;
    });
    if (!done) throw conflict(`${menuMessages.orderList} The promos changed meanwhile: reload them and try again.`);
    await app.publicListChanged('promos');
    return { success: true, message: 'The new order is on /promos.' };
  });
}
