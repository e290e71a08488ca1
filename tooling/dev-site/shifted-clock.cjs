// The end-to-end tests' pinned restaurant clock (TEST_RESTAURANT_CLOCK=HH:MM, Manila
// time): the run starts at that time today and runs on at the real pace, in the
// tests, the API's process and every page alike, so that dates that roll over
// at midnight roll over for all three at once. One offset, computed once per run
// and handed on in CLOCK_OFFSET_ENV; only `Date` moves (timers stay real).

const CLOCK_ENV = 'TEST_RESTAURANT_CLOCK';
const CLOCK_OFFSET_ENV = 'SAMGYUP_CLOCK_OFFSET_MS';
// The restaurant's UTC offset (@samgyup/shared's RESTAURANT_UTC_OFFSET), which this CommonJS file cannot import.
const MANILA_OFFSET_MS = 8 * 3_600_000;

/**
 * How far ahead (or behind) of the real clock it is `time` (HH:MM or HH:MM:SS) today at the restaurant.
 * @param {string} time
 * @param {number} [now]
 */
function restaurantClockOffset(time, now = Date.now()) {
  const match = /^([01]\d|2[0-3]):([0-5]\d)(?::([0-5]\d))?$/.exec(time);
  if (!match) throw new Error(`${CLOCK_ENV} must be HH:MM or HH:MM:SS (restaurant time), not "${time}".`);
  const [hours, minutes, seconds] = match.slice(1).map((part) => Number(part ?? 0));
  const manilaMidnight = Math.floor((now + MANILA_OFFSET_MS) / 86_400_000) * 86_400_000 - MANILA_OFFSET_MS;
  return manilaMidnight + (hours * 3600 + minutes * 60 + seconds) * 1000 - now;
}

/**
 * Moves this realm's `Date` by `offsetMs`: `new Date()`, `Date()` and `Date.now()`
 * read the shifted time; dates made from a value stay as given. Self-contained,
 * so that a page runs it too (Playwright's addInitScript).
 * @param {number} offsetMs
 */
function installShiftedClock(offsetMs) {
  const RealDate = globalThis.Date;
  /** @this {unknown} @param {unknown[]} args */
  function ShiftedDate(...args) {
    if (!new.target) return new RealDate(RealDate.now() + offsetMs).toString();
    return Reflect.construct(RealDate, args.length > 0 ? args : [RealDate.now() + offsetMs], new.target);
  }
  Object.setPrototypeOf(ShiftedDate, RealDate);
  ShiftedDate.prototype = RealDate.prototype;
  ShiftedDate.now = () => RealDate.now() + offsetMs;
  globalThis.Date = /** @type {DateConstructor} */ (/** @type {unknown} */ (ShiftedDate));
}

/** The offset a run handed on (CLOCK_OFFSET_ENV), or null when the clock is not pinned. */
function handedOnOffset(env = process.env) {
  const value = env[CLOCK_OFFSET_ENV];
  return value === undefined || value === '' ? null : Number(value);
}

module.exports = { CLOCK_ENV, CLOCK_OFFSET_ENV, handedOnOffset, installShiftedClock, restaurantClockOffset };
