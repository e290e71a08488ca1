import { DEFAULT_TABLE_LOOKUP_TIME, TIME_SLOTS } from '../constants/business-rules';
import { MONTH_NAMES } from '../format/month-names';
import { restaurantWallClock } from './restaurant-clock';

export { MONTH_NAMES };

const pad = (value: number) => String(value).padStart(2, '0');

/** YYYY-MM-DD from a year, a month (1–12) and a day. */
export function toIsoDate(year: number, month: number, day: number): string {
  return `${String(year).padStart(4, '0')}-${pad(month)}-${pad(day)}`;
}

/** { year, month (1–12), day } of a real YYYY-MM-DD date, else null. */
export function parseIsoDate(value: unknown): { year: number; month: number; day: number } | null {
  if (typeof value !== 'string') return null;
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return null;
  const [year, month, day] = match.slice(1).map(Number);
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return null;
  return { year, month, day };
}

export function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** Today's date at the restaurant (YYYY-MM-DD), whatever the visitor's own time zone. */
export function restaurantToday(now: Date = new Date()): string {
  const wall = restaurantWallClock(now);
  return toIsoDate(wall.getUTCFullYear(), wall.getUTCMonth() + 1, wall.getUTCDate());
}

/** 'December 5, 2026' (the long US date of the confirmed page), or 'N/A'. */
export function formatLongUsDate(isoDate: unknown): string {
  const parsed = parseIsoDate(isoDate);
  if (!parsed) return 'N/A';
  return `${MONTH_NAMES[parsed.month - 1]} ${parsed.day}, ${parsed.year}`;
}

/**
 * The slot's start in 24-hour HH:MM: a known slot label gives its start, any
 * other "h:mm AM/PM" text is converted, and anything else gives 17:00 (spec).
 */
export function slotStartTime(label: string | null | undefined): string {
  if (!label) return DEFAULT_TABLE_LOOKUP_TIME;
  const slot = TIME_SLOTS.find((candidate) => candidate.label === label);
  if (slot) return slot.start;
  const match = /^\s*(\d{1,2}):(\d{2})\s*([AP]M)/i.exec(label);
  if (!match) return DEFAULT_TABLE_LOOKUP_TIME;
  const hours = Number(match[1]);
  const minutes = Number(match[2]);
  if (hours < 1 || hours > 12 || minutes > 59) return DEFAULT_TABLE_LOOKUP_TIME;
  const hours24 = (hours % 12) + (match[3].toUpperCase() === 'PM' ? 12 : 0);
  return `${pad(hours24)}:${pad(minutes)}`;
}

/** The slot label for a 24-hour start ('17:00' → '5:00 PM - 6:30 PM'); the time itself when it is no slot. */
export function slotLabel(start: string): string {
  return TIME_SLOTS.find((slot) => slot.start === start)?.label ?? start;
}

/** The restaurant's wall clock as HH:MM (24 hours). */
export function restaurantTime(now: Date = new Date()): string {
  const wall = restaurantWallClock(now);
  return `${pad(wall.getUTCHours())}:${pad(wall.getUTCMinutes())}`;
}

/** How long one dinner slot lasts. */
export const SLOT_MINUTES = 90;
/** '18:30' -> minutes since midnight. */
export const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

/** Today's slot that is running or next (its start, e.g. '18:30'), or null after the last one has ended. */
export function currentOrNextSlot(time: string): string | null {
  return TIME_SLOTS.find((slot) => minutesOf(slot.start) + SLOT_MINUTES > minutesOf(time))?.start ?? null;
}

/** The date `days` after `date` (both YYYY-MM-DD). */
export function addDaysToIsoDate(date: string, days: number): string {
  const [year, month, day] = date.split('-').map(Number);
  return new Date(Date.UTC(year, month - 1, day + days)).toISOString().slice(0, 10);
}
