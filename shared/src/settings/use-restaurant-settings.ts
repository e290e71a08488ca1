import { apiRequest, useApiData } from '@samgyup/shared';
import { defaultRestaurantSettings, RESTAURANT_SETTINGS_PATH, type PublicRestaurantSettings } from './restaurant-settings';

/** The answer of GET /api/restaurant-settings as the pages use it; throws when it is not that. */
export function readRestaurantSettings(answer: unknown): PublicRestaurantSettings {
  const data = (answer as { data?: Partial<PublicRestaurantSettings> } | null)?.data;
  if (!data || typeof data !== 'object' || !Array.isArray(data.closed_dates)) throw new Error('Unexpected restaurant settings answer');
  return { ...defaultRestaurantSettings, payment_qr_path: null, ...data } as PublicRestaurantSettings;
}

/** The layout and the page each read the settings as a page starts: one answer serves both. */
const SETTINGS_REUSED_FOR_MS = 5_000;

/**
 * The owner's settings, read at run time (cached by the API, revalidated by
 * ETag). A first screen drawn with them starts from that answer.
 */
export function useRestaurantSettings() {
  return useApiData(
    RESTAURANT_SETTINGS_PATH,
    async (signal) => readRestaurantSettings(await apiRequest<unknown>(RESTAURANT_SETTINGS_PATH, { signal, reuseAnswerFor: SETTINGS_REUSED_FOR_MS })),
    {
      path: RESTAURANT_SETTINGS_PATH,
      read: readRestaurantSettings,
    },
  );
}
