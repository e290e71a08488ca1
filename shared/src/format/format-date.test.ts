import { formatLongDate } from './format-date';

describe('formatLongDate', () => {
  it('writes long month, day and year', () => {
    expect(formatLongDate('2026-11-23')).toBe('November 23, 2026');
    expect(formatLongDate(new Date(2025, 2, 31))).toBe('March 31, 2025');
  });

  it('keeps a bare calendar date on its own day', () => {
    expect(formatLongDate('2026-01-01')).toBe('January 1, 2026');
  });

  it('says N/A for a missing or unreadable date', () => {
    expect(formatLongDate(undefined)).toBe('N/A');
    expect(formatLongDate('')).toBe('N/A');
    expect(formatLongDate('not a date')).toBe('N/A');
  });
});
