import { defaultRestaurantSettings, type PublicRestaurantSettings } from '@samgyup/shared/settings';
import { fakeApi, reply, setUpApiForTests } from '@samgyup/shared/testing';

/** The API answering the owner's settings (today's values, changed by `change`). */
export function answerSettings(change: Partial<PublicRestaurantSettings> = {}) {
  setUpApiForTests();
  fakeApi({ 'GET /api/restaurant-settings': () => reply(200, { success: true, data: { ...defaultRestaurantSettings, closed_dates: [], payment_qr_path: null, ...change } }) });
}

/** The settings still on their way: pages show today's values meanwhile. */
export function settingsStillLoading() {
  setUpApiForTests();
  fakeApi({ 'GET /api/restaurant-settings': () => new Promise<Response>(() => undefined) });
}
