import { defaultRestaurantSettings, type PublicRestaurantSettings, type RestaurantSettings } from '@samgyup/shared/settings';
import { restaurantToday } from '@samgyup/shared/reservation';
import type { Queryable } from '../db/database';
import { findPaymentQrDigest, findSavedSettings, listClosedDates } from '../repositories/restaurant-settings-repository';

/**
 * The settings in force: what the owner saved over today's values (the down
 * payment's default comes from DOWN_PAYMENT_PESOS). A setting added after the
 * owner last saved takes its default.
 */
export async function currentSettings(db: Queryable, defaultDownPayment: number): Promise<RestaurantSettings> {
  const saved = await findSavedSettings(db);
  return { ...defaultRestaurantSettings, down_payment_pesos: defaultDownPayment, ...saved };
}

export const PAYMENT_QR_PATH = '/api/restaurant-settings/payment-qr';

/** GET /api/restaurant-settings: what every page may show, with the closed dates from today on. */
export async function publicSettings(db: Queryable, defaultDownPayment: number): Promise<PublicRestaurantSettings> {
  const [settings, closed_dates, qr] = await Promise.all([currentSettings(db, defaultDownPayment), listClosedDates(db, restaurantToday()), findPaymentQrDigest(db)]);
  // The digest in the address: a new QR is a new address, so browsers may keep each one.
  return { ...settings, closed_dates, payment_qr_path: qr ? `${PAYMENT_QR_PATH}?v=${qr.digest}` : null };
}
