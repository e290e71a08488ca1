import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError, notFound } from '../../lib/http-error';
import { parseInput } from '../../lib/parse-input';
import { rowIdParams } from '../../lib/row-id-params';
import { findReservation } from '../../repositories/reservations-repository';
import { handleWebhookEvent, paymentMessages, paymentView, startCheckout } from '../../services/payments/payments-service';

const NOT_FOUND = 'Reservation not found.';
const idParams = rowIdParams(NOT_FOUND);
/** PayMongo's events are a few kilobytes; anything far larger is not one. */
const WEBHOOK_BODY_LIMIT = 256 * 1024;

/**
 * Paying the down payment online (PAYMENT_PROVIDER=paymongo): the diner's
 * checkout and payment status, and PayMongo's signed webhook. With the proof
 * provider the checkout answers that online payment is not offered.
 */
export default async function paymentsPublicRoutes(app: FastifyInstance) {
  /** The reservation's id when the caller is the customer who owns it; 404 otherwise, so ids reveal nothing. */
  async function ownReservationId(request: FastifyRequest): Promise<number> {
    const principal = await app.authenticateCustomer(request);
    const { id } = parseInput(idParams, request.params);
    const reservation = await findReservation(app.db, id);
    if (!reservation || reservation.customer_id !== principal.id) throw notFound(NOT_FOUND);
    return id;
  }

  app.post('/api/reservations/:id/checkout', async (request) => {
    const id = await ownReservationId(request);
    return { success: true, data: await startCheckout(app, id) };
  });

  app.get('/api/reservations/:id/payment', async (request, reply) => {
    const id = await ownReservationId(request);
    reply.header('Cache-Control', 'private, no-store');
    return { success: true, data: await paymentView(app, id) };
  });

  // The signature covers the body's exact bytes, so this route reads it as text (a context of its own keeps the parser here).
  await app.register(async (webhooks) => {
    webhooks.removeAllContentTypeParsers();
    webhooks.addContentTypeParser('*', { parseAs: 'string', bodyLimit: WEBHOOK_BODY_LIMIT }, (_request, body, done) => done(null, body));
    webhooks.post('/api/payments/paymongo/webhook', async (request) => {
      const checkout = app.paymentProvider.checkout;
      if (!checkout) throw notFound('Online payment is not set up on this site.');
      const raw = typeof request.body === 'string' ? request.body : '';
      const signature = request.headers['paymongo-signature'];
      const event = checkout.verifyWebhook(raw, typeof signature === 'string' ? signature : undefined);
      if (!event) {
        app.apiLog.warn({ reqId: request.id }, 'refused a payment webhook: missing, wrong or stale signature');
        throw new HttpError(401, paymentMessages.badSignature);
      }
      await handleWebhookEvent(app, event);
      return { success: true };
    });
  });
}
