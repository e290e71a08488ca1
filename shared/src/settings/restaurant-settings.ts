import { DOWN_PAYMENT_PESOS, REFILL_DEFAULT_SECONDS, TIME_SLOTS } from '../constants/business-rules';
import { restaurantDetails } from '../constants/restaurant-details';
import type { RefillItemName } from '../refill/refill-items';

export interface SocialLink {
  label: string;
  href: string;
}

/** What the owner changes in the console's Settings screen; the site reads it at run time. */
export interface RestaurantSettings {
  down_payment_pesos: number;
  wallet: { name: string; account_name: string; account_number: string };
  contact: { address: string; phone: string; email: string };
  opening_text: string;
  social_links: SocialLink[];
  /** How long a seated party's refill timer runs unless staff choose otherwise. */
  dining_minutes: number;
  /** Days of the week the restaurant takes bookings: 0 Sunday … 6 Saturday. */
  open_weekdays: number[];
  /** Slot starts (of TIME_SLOTS) that take no bookings. */
  closed_slots: string[];
  sold_out_refill_items: RefillItemName[];
}

export interface ClosedDate {
  date: string;
  reason: string;
}

/** GET /api/restaurant-settings: the settings, the closed dates from today on, and where the payment QR is. */
export interface PublicRestaurantSettings extends RestaurantSettings {
  closed_dates: ClosedDate[];
  /** The restaurant's own e-wallet QR image (API path), or null when none was uploaded. */
  payment_qr_path: string | null;
}

export const RESTAURANT_SETTINGS_PATH = '/api/restaurant-settings';
export const ALL_WEEKDAYS = [0, 1, 2, 3, 4, 5, 6];
export const WEEKDAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;

/** Today's values: what the site did before the owner could change anything. */
export const defaultRestaurantSettings: RestaurantSettings = {
  down_payment_pesos: DOWN_PAYMENT_PESOS,
  wallet: { name: restaurantDetails.payment.wallet, account_name: restaurantDetails.payment.accountName, account_number: restaurantDetails.payment.accountNumber },
  contact: { ...restaurantDetails.contact },
  opening_text: restaurantDetails.openingText,
  social_links: restaurantDetails.social.map((link) => ({ ...link })),
  dining_minutes: REFILL_DEFAULT_SECONDS / 60,
  open_weekdays: ALL_WEEKDAYS,
  closed_slots: [],
  sold_out_refill_items: [],
};

/** The slots that take bookings, in the day's order. */
export function openTimeSlots(settings: Pick<RestaurantSettings, 'closed_slots'>): (typeof TIME_SLOTS)[number][] {
  return TIME_SLOTS.filter((slot) => !settings.closed_slots.includes(slot.start));
}

/** Why nobody can book `date` (YYYY-MM-DD), or null when the restaurant takes bookings that day. */
export function closedReasonFor(settings: Pick<PublicRestaurantSettings, 'open_weekdays' | 'closed_dates'>, date: string): string | null {
  const closed = settings.closed_dates.find((entry) => entry.date === date);
  if (closed) return closed.reason;
  const weekday = new Date(`${date}T00:00:00Z`).getUTCDay();
  return settings.open_weekdays.includes(weekday) ? null : `Closed on ${WEEKDAY_NAMES[weekday]}s`;
}

export function isRefillItemSoldOut(settings: Pick<RestaurantSettings, 'sold_out_refill_items'>, name: string): boolean {
  return (settings.sold_out_refill_items as readonly string[]).includes(name);
}
