import { RESTAURANT_TIME_ZONE } from '../constants/business-rules';
import { MONTH_NAMES } from '../format/month-names';

/** The restaurant's clock as people name it: 'Manila' for Asia/Manila. */
export const RESTAURANT_CLOCK_LABEL = RESTAURANT_TIME_ZONE.split('/').pop()!.replace(/_/g, ' ');

// Made on first use and kept (building an Intl formatter loads locale data).
let partsFormat: Intl.DateTimeFormat | undefined;

function restaurantParts(at: string | Date) {
  const date = at instanceof Date ? at : new Date(at);
  if (Number.isNaN(date.getTime())) return null;
  partsFormat ??= new Intl.DateTimeFormat('en-US', {
    timeZone: RESTAURANT_TIME_ZONE,
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    hour12: true,
  });
  const parts = Object.fromEntries(partsFormat.formatToParts(date).map((part) => [part.type, part.value]));
  return { year: parts.year, month: Number(parts.month), day: parts.day, clock: `${parts.hour}:${parts.minute} ${parts.dayPeriod.toUpperCase()} ${RESTAURANT_CLOCK_LABEL}` };
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
