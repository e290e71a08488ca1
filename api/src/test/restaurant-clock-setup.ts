import { pinRestaurantClock, TEST_CLOCK_ENV } from './restaurant-clock';

// `TEST_RESTAURANT_CLOCK=23:50 node tooling/run-tests.mjs api`: every test file
// starts at that restaurant time today, to find what breaks late in the evening
// or when the date rolls over mid-test.
const pinned = process.env[TEST_CLOCK_ENV];
if (pinned) {
  if (!/^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/.test(pinned)) throw new Error(`${TEST_CLOCK_ENV} must be HH:MM or HH:MM:SS (restaurant time), not "${pinned}".`);
  if (process.env.DATABASE_URL) throw new Error(`${TEST_CLOCK_ENV} pins the clock that the app and PGlite read; a PostgreSQL server keeps its own, so unset DATABASE_URL.`);
  pinRestaurantClock(pinned);
}
