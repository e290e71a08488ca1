import { defaultRestaurantSettings, type RestaurantSettings } from '@samgyup/shared/settings';
import { useRestaurantSettings } from '@samgyup/shared/settings/use-restaurant-settings';

/**
 * The owner's settings for the layout and the home page: the live ones once
 * read (the server draws first screens with them), today's values until then
 * or when the API cannot be reached.
 */
export function useShownSettings(): RestaurantSettings {
  const { state } = useRestaurantSettings();
  return state.status === 'ready' ? state.data : defaultRestaurantSettings;
}
