import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { notFound } from '../../lib/http-error';
import { parseInput } from '../../lib/parse-input';
import { rowIdParams } from '../../lib/row-id-params';
import { findRefund, listFailedRefunds } from '../../repositories/payments-repository';
import { findReservation } from '../../repositories/reservations-repository';
import { ADMINS, EVERY_STAFF, staffAccess, staffOf } from '../../plugins/staff-authorization';
import { paymentMessages, refundByStaff, retryRefund, staffPaymentView } from '../../services/payments/payments-service';

const NOT_FOUND = 'Reservation not found.';
const idParams = rowIdParams(NOT_FOUND);
const refundIdParams = rowIdParams(paymentMessages.refundNotFound);
const REASON_MESSAGE = 'Choose a reason: requested_by_customer, duplicate, fraudulent or others.';
const NOTES_MESSAGE = 'Say why in at most 255 characters.';
const refundBody = z.strictObject(
  {
    reason: z.enum(['requested_by_customer', 'duplicate', 'fraudulent', 'others'], REASON_MESSAGE),
    notes: z.string({ error: NOTES_MESSAGE }).trim().min(1, NOTES_MESSAGE).max(255, NOTES_MESSAGE),
  },
  { error: (issue) => (issue.code === 'unrecognized_keys' ? 'Send only reason and notes.' : 'Send the refund as an object with reason and notes.') },
);

/** Staff see how each reservation was paid; admins refund online payments and retry refunds PayMongo refused. */
export default async function paymentsStaffRoutes(app: FastifyInstance) {
  app.get('/api/staff/reservations/:id/payments', staffAccess(EVERY_STAFF), async (request) => {
    const { id } = parseInput(idParams, request.params);
    const reservation = await findReservation(app.db, id);
    if (!reservation) throw notFound(NOT_FOUND);
    return { success: true, data: await staffPaymentView(app, reservation) };
  });

  app.post('/api/staff/reservations/:id/refund', staffAccess(ADMINS), async (request) => {
    const admin = staffOf(request);
    const { id } = parseInput(idParams, request.params);
    const input = parseInput(refundBody, request.body);
    const reservation = await findReservation(app.db, id);
    if (!reservation) throw notFound(NOT_FOUND);
    await refundByStaff(app, id, input, admin);
    return { success: true, message: `The refund for reservation #${id} is sent to PayMongo.`, data: await staffPaymentView(app, reservation) };
  });

  app.get('/api/staff/payments/failed-refunds', staffAccess(EVERY_STAFF), async () => {
    return { success: true, data: await listFailedRefunds(app.db) };
  });

  app.post('/api/staff/payments/refunds/:id/retry', staffAccess(ADMINS), async (request) => {
    const admin = staffOf(request);
    const { id } = parseInput(refundIdParams, request.params);
    const refund = await findRefund(app.db, id);
    if (!refund) throw notFound(paymentMessages.refundNotFound);
    await retryRefund(app, refund, admin);
    return { success: true, message: 'The refund is sent to PayMongo again.', data: await findRefund(app.db, id) };
  });
}
