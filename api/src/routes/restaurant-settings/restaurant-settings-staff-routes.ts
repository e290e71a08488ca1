import { createHash } from 'node:crypto';
import multipart from '@fastify/multipart';
import { parseIsoDate, restaurantToday } from '@samgyup/shared/reservation';
import type { RestaurantSettings } from '@samgyup/shared/settings';
import { closedDateSchema, PAYMENT_QR_MAX_BYTES, restaurantSettingsSchema, settingsMessages } from '@samgyup/shared/validation';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { conflict, HttpError, notFound } from '../../lib/http-error';
import { parseInput } from '../../lib/parse-input';
import { oneFileUpload, readFilePart } from '../../lib/read-file-part';
import { recordAudit } from '../../repositories/audit-log-repository';
import { addClosedDate, lockSettings, removeClosedDate, removePaymentQr, savePaymentQr, saveSettings } from '../../repositories/restaurant-settings-repository';
import { currentSettings, PAYMENT_QR_PATH, publicSettings } from '../../services/restaurant-settings';
import { ADMINS, staffAccess, staffOf } from '../../plugins/staff-authorization';
import { wholeImageType } from '../../services/photo-variants';

/** A QR is a few hundred pixels a side; this leaves room for a phone's screenshot and none for a decompression bomb. */
const PAYMENT_QR_MAX_PIXELS = 16_000_000;

const dateParams = z.object({
  date: z.string().refine((value) => parseIsoDate(value) !== null, settingsMessages.closedDate),
});

/** The settings that differ between two versions, each with its value before and after, for the audit log. */
function changedSettings(before: RestaurantSettings, after: RestaurantSettings): Record<string, { before: unknown; after: unknown }> {
  const changes: Record<string, { before: unknown; after: unknown }> = {};
  for (const key of Object.keys(after) as (keyof RestaurantSettings)[]) {
    if (JSON.stringify(before[key]) !== JSON.stringify(after[key])) changes[key] = { before: before[key], after: after[key] };
  }
  return changes;
}

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
    await app.db.transaction(async (tx) => {
      await lockSettings(tx, await currentSettings(tx, defaultDownPayment));
      const before = await currentSettings(tx, defaultDownPayment);
      await saveSettings(tx, next);
      const changes = changedSettings(before, next);
      if (Object.keys(changes).length > 0) await recordAudit(tx, admin, 'settings.update', 'Restaurant settings', changes);
    });
    await app.publicListChanged('settings');
    return { success: true, message: 'Settings saved. The site shows them now.', data: next };
  });

  app.post('/api/staff/closed-dates', staffAccess(ADMINS), async (request, reply) => {
    const admin = staffOf(request);
    const entry = parseInput(closedDateSchema, request.body);
    if (entry.date < restaurantToday()) throw new HttpError(400, 'That date has passed. Pick today or a later date.');
    const added = await app.db.transaction(async (tx) => {
      if (!(await addClosedDate(tx, entry))) return false;
      await recordAudit(tx, admin, 'closed-date.add', `Closed ${entry.date}`, { reason: entry.reason });
      return true;
    });
    if (!added) throw conflict('That date is closed already.');
    await app.publicListChanged('settings');
    reply.status(201);
    return { success: true, message: `${entry.date} is closed for bookings.`, data: entry };
  });

  app.delete('/api/staff/closed-dates/:date', staffAccess(ADMINS), async (request) => {
    const admin = staffOf(request);
    const { date } = parseInput(dateParams, request.params);
    const removed = await app.db.transaction(async (tx) => {
      const entry = await removeClosedDate(tx, date);
      if (entry) await recordAudit(tx, admin, 'closed-date.remove', `Closed ${entry.date}`, { reason: entry.reason });
      return entry;
    });
    if (!removed) throw notFound('That date is not closed.');
    await app.publicListChanged('settings');
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
    const type = await wholeImageType(data, PAYMENT_QR_MAX_PIXELS);
    if (!type) throw new HttpError(415, settingsMessages.qrType);
    const contentType = `image/${type}`;
    const digest = createHash('sha256').update(data).digest('base64url').slice(0, 22);
    await app.db.transaction(async (tx) => {
      await savePaymentQr(tx, { contentType, data, digest });
      await recordAudit(tx, admin, 'settings.payment-qr', 'Payment QR image', { content_type: contentType, size_bytes: data.length });
    });
    await app.publicListChanged('settings');
    return { success: true, message: 'The new payment QR is on the upload page now.', data: { payment_qr_path: `${PAYMENT_QR_PATH}?v=${digest}` } };
  }

  app.delete('/api/staff/restaurant-settings/payment-qr', staffAccess(ADMINS), async (request) => {
    const admin = staffOf(request);
    const removed = await app.db.transaction(async (tx) => {
      const had = await removePaymentQr(tx);
      if (had) await recordAudit(tx, admin, 'settings.payment-qr-removed', 'Payment QR image', {});
      return had;
    });
    if (!removed) throw notFound('No QR image is uploaded.');
    await app.publicListChanged('settings');
    return { success: true, message: 'The QR image is removed: the payment page draws one from the account details again.', data: { payment_qr_path: null } };
  });
}
