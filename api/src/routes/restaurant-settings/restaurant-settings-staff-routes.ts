import multipart from '@fastify/multipart';
import { parseIsoDate } from '@samgyup/shared/reservation';
import type { RestaurantSettings } from '@samgyup/shared/settings';
import { closedDateSchema, PAYMENT_QR_MAX_BYTES, restaurantSettingsSchema, settingsMessages } from '@samgyup/shared/validation';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { HttpError } from '../../lib/http-error';
import { parseInput } from '../../lib/parse-input';
import { oneFileUpload, readFilePart } from '../../lib/read-file-part';
import { publicSettings } from '../../services/restaurant-settings';
import { closeDateForBookings, removePaymentQrImage, reopenDateForBookings, replacePaymentQr, saveRestaurantSettings } from '../../services/settings/restaurant-settings-service';
import { ADMINS, staffAccess, staffOf } from '../../plugins/staff-authorization';

const dateParams = z.object({
  date: z.string().refine((value) => parseIsoDate(value) !== null, settingsMessages.closedDate),
});

/**
 * The owner's settings, changed by admins only, each change written to the
 * audit log in its transaction; every page reads them through
 * restaurant-settings-public-routes.ts, whose caches a save drops on every replica.
 */
export default async function restaurantSettingsStaffRoutes(app: FastifyInstance) {
  const defaultDownPayment = app.config.downPaymentPesos;

  app.get('/api/staff/restaurant-settings', staffAccess(ADMINS), async () => {
    // What the public sees, read fresh (not from this replica's cache) for the form that changes it.
    return { success: true, data: await publicSettings(app.db, defaultDownPayment) };
  });

  app.put('/api/staff/restaurant-settings', staffAccess(ADMINS), async (request) => {
    const admin = staffOf(request);
    const next = parseInput(restaurantSettingsSchema, request.body) as RestaurantSettings;
    await saveRestaurantSettings(app, admin, next);
    return { success: true, message: 'Settings saved. The site shows them now.', data: next };
  });

  app.post('/api/staff/closed-dates', staffAccess(ADMINS), async (request, reply) => {
    const admin = staffOf(request);
    const entry = parseInput(closedDateSchema, request.body);
    await closeDateForBookings(app, admin, entry);
    reply.status(201);
    return { success: true, message: `${entry.date} is closed for bookings.`, data: entry };
  });

  app.delete('/api/staff/closed-dates/:date', staffAccess(ADMINS), async (request) => {
    const admin = staffOf(request);
    const { date } = parseInput(dateParams, request.params);
    await reopenDateForBookings(app, admin, date);
    return { success: true, message: `${date} takes bookings again.` };
  });

  // The QR upload is this module's only multipart route: its parser lives in a context of its own.
  await app.register(async (uploads) => {
    await uploads.register(multipart, oneFileUpload(PAYMENT_QR_MAX_BYTES, 2));
    uploads.put('/api/staff/restaurant-settings/payment-qr', staffAccess(ADMINS), uploadPaymentQr);
  });

  async function uploadPaymentQr(request: FastifyRequest) {
    const admin = staffOf(request);
    if (!request.isMultipart()) throw new HttpError(415, settingsMessages.qrMissing);
    const data = await readFilePart(request, { tooLarge: settingsMessages.qrTooLarge, broken: settingsMessages.qrMissing, missing: settingsMessages.qrMissing });
    const path = await replacePaymentQr(app, admin, data);
    return { success: true, message: 'The new payment QR is on the upload page now.', data: { payment_qr_path: path } };
  }

  app.delete('/api/staff/restaurant-settings/payment-qr', staffAccess(ADMINS), async (request) => {
    const admin = staffOf(request);
    await removePaymentQrImage(app, admin);
    return { success: true, message: 'The QR image is removed: the payment page draws one from the account details again.', data: { payment_qr_path: null } };
  });
}
