import { formatRestaurantDateTime, formatRestaurantTime, RESTAURANT_CLOCK_LABEL, restaurantClockTime, restaurantDateAtTime } from './restaurant-time-format';

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

  it('writes the clock and the day as the time zone database and en-US formatting do, every 67 minutes across 2026-2027', () => {
    // Intl may put a narrow no-break space before AM/PM; the page's words have a plain one.
    const plain = (text: string) => text.replace(/\u202f/g, ' ');
    // The formatters toLocaleTimeString and toLocaleString build for these options, built once.
    const clock = new Intl.DateTimeFormat('en-US', { timeZone: 'Asia/Manila', hour: 'numeric', minute: '2-digit' });
    const dayAndClock = new Intl.DateTimeFormat('en-US', { timeZone: 'Asia/Manila', dateStyle: 'long', timeStyle: 'short' });
    for (let at = Date.UTC(2026, 0, 1); at < Date.UTC(2028, 0, 1); at += 67 * 60_000) {
      const moment = new Date(at);
      expect(restaurantClockTime(moment)).toBe(plain(clock.format(moment)));
      expect(restaurantDateAtTime(moment)).toBe(plain(dayAndClock.format(moment)));
    }
    expect(restaurantClockTime('2030-12-04T09:00:00.000Z')).toBe('5:00 PM');
    expect(restaurantDateAtTime('2030-12-04T09:00:00.000Z')).toBe('December 4, 2030 at 5:00 PM');
    expect(restaurantDateAtTime('later')).toBe('an unknown time');
  });

  it('says so when the moment is not a date', () => {
    expect(formatRestaurantTime('soon')).toBe('an unknown time');
  });
});
