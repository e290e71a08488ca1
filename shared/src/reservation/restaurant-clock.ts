import { RESTAURANT_UTC_OFFSET } from '../constants/business-rules';

// Plaridel keeps RESTAURANT_UTC_OFFSET all year (no daylight saving), so its clock is plain
// arithmetic. An Intl formatter with a time zone cost about 190 ms of main thread as the booking
// pages started on a 4×-slowed phone (issue #37); restaurant-clock.test.ts checks both agree.
const [, sign, hours, minutes] = /^([+-])(\d{2}):(\d{2})$/.exec(RESTAURANT_UTC_OFFSET)!;
const offsetMs = (sign === '-' ? -1 : 1) * (Number(hours) * 60 + Number(minutes)) * 60_000;

/** The restaurant's wall clock at `at`, to be read through the UTC getters (getUTCHours() is the hour in Plaridel). */
export function restaurantWallClock(at: Date): Date {
  return new Date(at.getTime() + offsetMs);
}
