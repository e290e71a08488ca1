import { currentOrNextSlot, daysInMonth, restaurantTime, formatLongUsDate, parseIsoDate, restaurantToday, slotLabel, slotStartTime, toIsoDate } from './reservation-dates';

describe('reservation dates', () => {
  it('writes and reads YYYY-MM-DD, refusing days that do not exist', () => {
    expect(toIsoDate(2026, 2, 5)).toBe('2026-02-05');
    expect(parseIsoDate('2028-02-29')).toEqual({ year: 2028, month: 2, day: 29 });
    expect(parseIsoDate('2026-02-29')).toBeNull();
    expect(parseIsoDate('2026-13-01')).toBeNull();
    expect(parseIsoDate('5/12/2026')).toBeNull();
    expect(parseIsoDate(20261205)).toBeNull();
  });

  it('knows the length of every month', () => {
    expect(daysInMonth(2026, 2)).toBe(28);
    expect(daysInMonth(2024, 2)).toBe(29);
    expect(daysInMonth(2026, 12)).toBe(31);
  });

  it("takes today from the restaurant's clock (UTC+8), not the visitor's", () => {
    expect(restaurantToday(new Date('2026-11-23T15:59:00Z'))).toBe('2026-11-23');
    expect(restaurantToday(new Date('2026-11-23T16:00:00Z'))).toBe('2026-11-24');
  });

  it("shows a long US date, or 'N/A'", () => {
    expect(formatLongUsDate('2026-12-05')).toBe('December 5, 2026');
    expect(formatLongUsDate(null)).toBe('N/A');
    expect(formatLongUsDate('soon')).toBe('N/A');
  });

  it('turns a slot into its 24-hour start, with 17:00 when the time cannot be parsed', () => {
    expect(slotStartTime('5:00 PM - 6:30 PM')).toBe('17:00');
    expect(slotStartTime('6:30 PM - 8:00 PM')).toBe('18:30');
    expect(slotStartTime('8:00 PM - 9:30 PM')).toBe('20:00');
    expect(slotStartTime('11:15 am')).toBe('11:15');
    expect(slotStartTime('12:00 AM')).toBe('00:00');
    expect(slotStartTime('dinner')).toBe('17:00');
    expect(slotStartTime(null)).toBe('17:00');
    expect(slotLabel('18:30')).toBe('6:30 PM - 8:00 PM');
  });

  it("reads the restaurant's clock and finds the running or next slot", () => {
    expect(restaurantTime(new Date('2026-11-23T10:05:00Z'))).toBe('18:05');
    expect(currentOrNextSlot('12:00')).toBe('17:00');
    expect(currentOrNextSlot('18:05')).toBe('17:00');
    expect(currentOrNextSlot('18:30')).toBe('18:30');
    expect(currentOrNextSlot('21:29')).toBe('20:00');
    expect(currentOrNextSlot('21:30')).toBeNull();
  });
});
