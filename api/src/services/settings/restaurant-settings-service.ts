import { createHash } from 'node:crypto';
import { restaurantToday } from '@samgyup/shared/reservation';
import type { ClosedDate, RestaurantSettings } from '@samgyup/shared/settings';
import { settingsMessages } from '@samgyup/shared/validation';
import { conflict, HttpError, notFound } from '../../lib/http-error';
import type { Principal } from '../../plugins/auth';
import { recordAudit } from '../../repositories/audit-log-repository';
import { addClosedDate, lockSettings, removeClosedDate, removePaymentQr, savePaymentQr, saveSettings } from '../../repositories/restaurant-settings-repository';
import { wholeImageType } from '../photo-variants';
import { currentSettings, PAYMENT_QR_PATH } from '../restaurant-settings';
import type { ServiceContext } from '../service-context';

/** A QR is a few hundred pixels a side; this leaves room for a phone's screenshot and none for a decompression bomb. */
const PAYMENT_QR_MAX_PIXELS = 16_000_000;

type SettingsContext = Pick<ServiceContext, 'db' | 'config' | 'publicListChanged'>;

/** The settings that differ between two versions, each with its value before and after, for the audit log. */
function changedSettings(before: RestaurantSettings, after: RestaurantSettings): Record<string, { before: unknown; after: unknown }> {
  const changes: Record<string, { before: unknown; after: unknown }> = {};
  for (const key of Object.keys(after) as (keyof RestaurantSettings)[]) {
    if (JSON.stringify(before[key]) !== JSON.stringify(after[key])) changes[key] = { before: before[key], after: after[key] };
  }
  return changes;
}

/**
 * An admin saves the owner's settings: what changed goes to the audit log in
 * the same transaction, and every replica drops its cached copy.
 */
export async function saveRestaurantSettings(ctx: SettingsContext, admin: Principal, next: RestaurantSettings): Promise<void> {
  const defaultDownPayment = ctx.config.downPaymentPesos;
  await ctx.db.transaction(async (tx) => {
    await lockSettings(tx, await currentSettings(tx, defaultDownPayment));
    const before = await currentSettings(tx, defaultDownPayment);
    await saveSettings(tx, next);
    const changes = changedSettings(before, next);
    if (Object.keys(changes).length > 0) await recordAudit(tx, admin, 'settings.update', 'Restaurant settings', changes);
  });
  await ctx.publicListChanged('settings');
}

/** An admin closes today or a later date for bookings. */
export async function closeDateForBookings(ctx: SettingsContext, admin: Principal, entry: ClosedDate): Promise<void> {
  if (entry.date < restaurantToday()) throw new HttpError(400, 'That date has passed. Pick today or a later date.');
  const added = await ctx.db.transaction(async (tx) => {
    if (!(await addClosedDate(tx, entry))) return false;
    await recordAudit(tx, admin, 'closed-date.add', `Closed ${entry.date}`, { reason: entry.reason });
    return true;
  });
  if (!added) throw conflict('That date is closed already.');
  await ctx.publicListChanged('settings');
}

/** An admin opens a closed date for bookings again. */
export async function reopenDateForBookings(ctx: SettingsContext, admin: Principal, date: string): Promise<void> {
  const removed = await ctx.db.transaction(async (tx) => {
    const entry = await removeClosedDate(tx, date);
    if (entry) await recordAudit(tx, admin, 'closed-date.remove', `Closed ${entry.date}`, { reason: entry.reason });
    return entry;
  });
  if (!removed) throw notFound('That date is not closed.');
  await ctx.publicListChanged('settings');
}

/**
 * An admin replaces the payment QR the upload page shows: decoded whole before
 * it is kept (a picture's header before other bytes is refused). Answers the
 * image's address, which changes with its content.
 */
export async function replacePaymentQr(ctx: SettingsContext, admin: Principal, data: Buffer): Promise<string> {
  const type = await wholeImageType(data, PAYMENT_QR_MAX_PIXELS);
  if (!type) throw new HttpError(415, settingsMessages.qrType);
  const contentType = `image/${type}`;
  const digest = createHash('sha256').update(data).digest('base64url').slice(0, 22);
  await ctx.db.transaction(async (tx) => {
    await savePaymentQr(tx, { contentType, data, digest });
    await recordAudit(tx, admin, 'settings.payment-qr', 'Payment QR image', { content_type: contentType, size_bytes: data.length });
  });
  await ctx.publicListChanged('settings');
  return `${PAYMENT_QR_PATH}?v=${digest}`;
}

/** An admin removes the payment QR: the upload page draws one from the account details again. */
export async function removePaymentQrImage(ctx: SettingsContext, admin: Principal): Promise<void> {
  const removed = await ctx.db.transaction(async (tx) => {
    const had = await removePaymentQr(tx);
    if (had) await recordAudit(tx, admin, 'settings.payment-qr-removed', 'Payment QR image', {});
    return had;
  });
  if (!removed) throw notFound('No QR image is uploaded.');
  await ctx.publicListChanged('settings');
}
