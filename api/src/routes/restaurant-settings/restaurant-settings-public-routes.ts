import type { FastifyInstance } from 'fastify';
import { notFound } from '../../lib/http-error';
import { replyFromCache } from '../../services/reply-from-cache';
import { findPaymentQr } from '../../repositories/restaurant-settings-repository';
import { PAYMENT_QR_PATH } from '../../services/restaurant-settings';

/**
 * The owner's settings as every page reads them (cached on each replica and
 * dropped on all of them when an admin saves), and the payment QR image.
 */
export default async function restaurantSettingsPublicRoutes(app: FastifyInstance) {
  app.get('/api/restaurant-settings', (request, reply) => replyFromCache(request, reply, { cache: app.settingsCache, key: 'settings', cacheControl: 'no-cache' }));

  app.get(PAYMENT_QR_PATH, async (request, reply) => {
    const image = await findPaymentQr(app.db);
    if (!image) throw notFound('The restaurant has not uploaded its payment QR yet.');
    const versioned = (request.query as { v?: unknown }).v === image.digest;
    return reply
      .header('Content-Type', image.content_type)
      .header('Cache-Control', versioned ? 'public, max-age=31536000, immutable' : 'no-cache')
      .header('ETag', `"${image.digest}"`)
      .send(image.data);
  });
}
