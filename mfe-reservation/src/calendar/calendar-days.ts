import { daysInMonth, toIsoDate } from '@samgyup/shared';

export type DayState = 'past' | 'today' | 'closed' | 'fully-booked' | 'available';

export const WEEKDAY_LABELS = ['SUN', 'MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT'] as const;
export const WEEKDAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;
export const FIRST_YEAR = 1900;
export const LAST_YEAR = 2099;

/** The month as weeks of 7 cells, Sunday first; cells outside the month are null. */
export function monthWeeks(year: number, month: number): (number | null)[][] {
  const firstWeekday = new Date(Date.UTC(year, month - 1, 1)).getUTCDay();
  const cells: (number | null)[] = Array.from({ length: firstWeekday }, () => null);
  for (let day = 1; day <= daysInMonth(year, month); day += 1) cells.push(day);
  while (cells.length % 7 !== 0) cells.push(null);
  const weeks: (number | null)[][] = [];
  for (let index = 0; index < cells.length; index += 7) weeks.push(cells.slice(index, index + 7));
  return weeks;
}

/** Past, today, closed (by the owner), fully booked or available: only available days can be chosen (spec). */
export function dayState(isoDate: string, today: string, fullyBooked: ReadonlySet<string>, closedReason: string | null = null): DayState {
  if (isoDate < today) return 'past';
  if (isoDate === today) return 'today';
  if (closedReason) return 'closed';
  if (fullyBooked.has(isoDate)) return 'fully-booked';
  return 'available';
}

export function weekdayOf(year: number, month: number, day: number): number {
  return new Date(Date.UTC(year, month - 1, day)).getUTCDay();
}

/** The month before or after, within 1900–2099. */
export function shiftMonth(year: number, month: number, by: number): { year: number; month: number } {
  const index = year * 12 + (month - 1) + by;
  const next = { year: Math.floor(index / 12), month: (index % 12) + 1 };
  if (next.year < FIRST_YEAR) return { year: FIRST_YEAR, month: 1 };
  if (next.year > LAST_YEAR) return { year: LAST_YEAR, month: 12 };
  return next;
}

/** The API's list, whether it holds dates (YYYY-MM-DD) or day numbers of the month. */
export function fullyBookedSet(list: unknown, year: number, month: number): Set<string> {
  const dates = new Set<string>();
  if (!Array.isArray(list)) return dates;
  for (const entry of list) {
    if (typeof entry === 'number' && entry >= 1 && entry <= daysInMonth(year, month)) dates.add(toIsoDate(year, month, entry));
    else if (typeof entry === 'string' && /^\d{4}-\d{2}-\d{2}/.test(entry)) dates.add(entry.slice(0, 10));
  }
  return dates;
}
