import { RESTAURANT_UTC_OFFSET } from '@samgyup/shared/constants';
import { restaurantToday } from '@samgyup/shared/reservation';

/** The test runs' setting that pins the restaurant's clock for a whole API run: HH:MM or HH:MM:SS, Manila time. */
export const TEST_CLOCK_ENV = 'TEST_RESTAURANT_CLOCK';

/** The instant it is `time` (HH:MM or HH:MM:SS) at the restaurant on `date` (YYYY-MM-DD). */
function restaurantInstant(date: string, time: string): Date {
  return new Date(`${date}T${time.length === 5 ? `${time}:00` : time}${RESTAURANT_UTC_OFFSET}`);
}

/**
 * Sets the clock of this test file (its code, the app it builds, and PGlite,
 * which reads the time through the same `Date`) to `time` at the restaurant
 * today, `days` days on, from where it keeps running at the real pace. Only
 * `Date` is faked: timers, the event loop and `performance` stay real, so waits
 * and time limits behave as ever. A PostgreSQL server keeps its own clock.
 */
export function pinRestaurantClock(time: string, days = 0): void {
  const [year, month, day] = restaurantToday().split('-').map(Number);
  const date = new Date(Date.UTC(year, month - 1, day + days)).toISOString().slice(0, 10);
  jest.useFakeTimers({
    now: restaurantInstant(date, time),
    advanceTimers: true,
    doNotFake: [
      'hrtime',
      'nextTick',
      'performance',
      'queueMicrotask',
      'requestAnimationFrame',
      'cancelAnimationFrame',
      'requestIdleCallback',
      'cancelIdleCallback',
      'setImmediate',
      'clearImmediate',
      'setInterval',
      'clearInterval',
      'setTimeout',
      'clearTimeout',
    ],
  });
}
