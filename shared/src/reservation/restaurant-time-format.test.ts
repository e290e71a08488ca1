import { formatRestaurantDateTime, formatRestaurantTime, RESTAURANT_CLOCK_LABEL } from './restaurant-time-format';

describe('times on the restaurant clock', () => {
  it('names the clock from the configured time zone', () => {
    expect(RESTAURANT_CLOCK_LABEL).toBe('Manila');
  });

  it('shows a moment in Manila time, labelled, whatever the browser runs in', () => {
    // 07:57:50 UTC is 3:57 PM in Manila (UTC+8).
    expect(formatRestaurantTime('2026-11-25T07:57:50.000Z')).toBe('3:57 PM Manila');
    expect(formatRestaurantDateTime('2026-11-25T07:57:50.000Z')).toBe('November 25, 2026, 3:57 PM Manila');
    // 17:30 UTC is already the next day in Manila.
    expect(formatRestaurantDateTime(new Date('2026-12-31T17:30:00Z'))).toBe('January 1, 2027, 1:30 AM Manila');
    // Midnight and noon are 12 on a 12-hour clock.
    expect(formatRestaurantTime('2026-11-24T16:05:00Z')).toBe('12:05 AM Manila');
    expect(formatRestaurantTime('2026-11-25T04:00:00Z')).toBe('12:00 PM Manila');
  });

  it('says so when the moment is not a date', () => {
    expect(formatRestaurantTime('soon')).toBe('an unknown time');
  });
});
