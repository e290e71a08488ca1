import { MONTH_NAMES } from './month-names';

function parseDate(value: string | Date): Date | null {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value;
  // A bare calendar date is a local day, not midnight UTC (which would shift it a day west).
  const dateOnly = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  const date = dateOnly ? new Date(Number(dateOnly[1]), Number(dateOnly[2]) - 1, Number(dateOnly[3])) : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** 'November 23, 2026': long month, day, year (as Intl's en-US long date, without loading Intl's locale data). */
export function formatLongDate(value: string | Date | null | undefined, fallback = 'N/A'): string {
  if (value === null || value === undefined || value === '') return fallback;
  const date = parseDate(value);
  return date ? `${MONTH_NAMES[date.getMonth()]} ${date.getDate()}, ${date.getFullYear()}` : fallback;
}
