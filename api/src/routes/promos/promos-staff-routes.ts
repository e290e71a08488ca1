import { promoOrderSchema, promoSchema } from '@samgyup/shared/validation';
import type { FastifyInstance } from 'fastify';
import { parseInput } from '../../lib/parse-input';
import { rowIdParams } from '../../lib/row-id-params';
import { listAllPromos } from '../../repositories/promos-repository';
import { createPromo, editPromo, orderPromos } from '../../services/promos/promos-service';
import { EVERY_STAFF, staffAccess, staffOf } from '../../plugins/staff-authorization';

const idParams = rowIdParams('Promo not found.');

/** Staff create, edit, hide and reorder the promos /promos shows (promos-public-routes.ts). */
export default async function promosStaffRoutes(app: FastifyInstance) {
  app.get('/api/staff/promos', staffAccess(EVERY_STAFF), async () => {
    return { success: true, data: await listAllPromos(app.db) };
  });

  app.post('/api/staff/promos', staffAccess(EVERY_STAFF), async (request, reply) => {
    const staff = staffOf(request);
    const promo = parseInput(promoSchema, request.body);
    const id = await createPromo(app, staff, promo);
    return reply.code(201).send({ success: true, message: promo.is_hidden ? 'The promo is saved, hidden.' : 'The promo is on /promos.', data: { id } });
  });

  app.put('/api/staff/promos/:id', staffAccess(EVERY_STAFF), async (request) => {
    const staff = staffOf(request);
    const { id } = parseInput(idParams, request.params);
    const promo = parseInput(promoSchema, request.body);
    await editPromo(app, staff, id, promo);
    return { success: true, message: promo.is_hidden ? 'Saved. The promo is hidden from /promos.' : 'Saved. /promos shows the change.' };
  });

  app.put('/api/staff/promos/order', staffAccess(EVERY_STAFF), async (request) => {
    const staff = staffOf(request);
    const { ids } = parseInput(promoOrderSchema, request.body);
    await orderPromos(app, staff, ids);
    return { success: true, message: 'The new order is on /promos.' };
  });
}
