import { dayState, fullyBookedSet, monthWeeks, shiftMonth } from './calendar-days';

describe('calendar days', () => {
  it('lays a month out in weeks starting on Sunday', () => {
    const weeks = monthWeeks(2026, 12); // December 1, 2026 is a Tuesday
    expect(weeks[0]).toEqual([null, null, 1, 2, 3, 4, 5]);
    expect(weeks.at(-1)).toEqual([27, 28, 29, 30, 31, null, null]);
    expect(weeks.every((week) => week.length === 7)).toBe(true);
    expect(monthWeeks(2026, 2).flat().filter(Boolean)).toHaveLength(28);
  });

  it('tells past, today, fully booked and available apart', () => {
    const booked = new Set(['2026-12-10']);
    expect(dayState('2026-11-22', '2026-11-23', booked)).toBe('past');
    expect(dayState('2026-11-23', '2026-11-23', booked)).toBe('today');
    expect(dayState('2026-12-10', '2026-11-23', booked)).toBe('fully-booked');
    expect(dayState('2026-12-11', '2026-11-23', booked)).toBe('available');
  });

  it('moves between months across years and stays within 1900–2099', () => {
    expect(shiftMonth(2026, 12, 1)).toEqual({ year: 2027, month: 1 });
    expect(shiftMonth(2026, 1, -1)).toEqual({ year: 2025, month: 12 });
    expect(shiftMonth(1900, 1, -1)).toEqual({ year: 1900, month: 1 });
    expect(shiftMonth(2099, 12, 1)).toEqual({ year: 2099, month: 12 });
  });

  it('reads the API list as dates or as day numbers, ignoring anything else', () => {
    expect([...fullyBookedSet(['2026-12-10', 12, 40, 'x', null], 2026, 12)].sort()).toEqual(['2026-12-10', '2026-12-12']);
    expect(fullyBookedSet(undefined, 2026, 12).size).toBe(0);
  });
});
