import { RESTAURANT_TIME_ZONE } from '../constants/business-rules';
import { MONTH_NAMES } from '../format/month-names';
import { restaurantWallClock } from './restaurant-clock';

/** The restaurant's clock as people name it: 'Manila' for Asia/Manila. */
export const RESTAURANT_CLOCK_LABEL = RESTAURANT_TIME_ZONE.split('/').pop()!.replace(/_/g, ' ');

function restaurantParts(at: string | Date) {
  const date = at instanceof Date ? at : new Date(at);
  if (Number.isNaN(date.getTime())) return null;
  const wall = restaurantWallClock(date);
  const hours = wall.getUTCHours();
  const time = `${hours % 12 || 12}:${String(wall.getUTCMinutes()).padStart(2, '0')} ${hours < 12 ? 'AM' : 'PM'}`;
  return { year: wall.getUTCFullYear(), month: wall.getUTCMonth() + 1, day: wall.getUTCDate(), time, clock: `${time} ${RESTAURANT_CLOCK_LABEL}` };
}

/**
 * A moment on the restaurant's clock, for text that names the clock itself ('by 6:30 PM (Philippine
 * time)'): '6:30 PM', as toLocaleTimeString with the restaurant's time zone wrote it, without the
 * locale data that formatter loads as a page starts (issue #37).
 */
export function restaurantClockTime(at: string | Date): string {
  return restaurantParts(at)?.time ?? 'an unknown time';
}

/** The same with its day: 'December 4, 2030 at 5:00 PM', as toLocaleString's long date and short time wrote it. */
export function restaurantDateAtTime(at: string | Date): string {
  const parts = restaurantParts(at);
  return parts ? `${MONTH_NAMES[parts.month - 1]} ${parts.day}, ${parts.year} at ${parts.time}` : 'an unknown time';
}

/** A moment on the restaurant's clock, labelled, whatever the browser's time zone: '3:57 PM Manila'. */
export function formatRestaurantTime(at: string | Date): string {
  return restaurantParts(at)?.clock ?? 'an unknown time';
}

/** A moment with its day on the restaurant's clock: 'November 25, 2026, 3:57 PM Manila'. */
export function formatRestaurantDateTime(at: string | Date): string {
  const parts = restaurantParts(at);
  return parts ? `${MONTH_NAMES[parts.month - 1]} ${parts.day}, ${parts.year}, ${parts.clock}` : 'an unknown time';
}
