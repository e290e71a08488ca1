import { RESTAURANT_TIME_ZONE } from '../constants/business-rules';
import { restaurantWallClock } from './restaurant-clock';

describe("the restaurant's wall clock", () => {
  it('agrees with the time zone database for the restaurant zone, every hour of 2026 and 2027 and across the day line', () => {
    const zone = new Intl.DateTimeFormat('en-CA', {
      timeZone: RESTAURANT_TIME_ZONE,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    const asZoneWrites = (wall: Date) => `${wall.toISOString().slice(0, 10)}, ${String(wall.getUTCHours()).padStart(2, '0')}:${String(wall.getUTCMinutes()).padStart(2, '0')}`;
    const start = Date.UTC(2026, 0, 1);
    for (let at = start; at < Date.UTC(2028, 0, 1); at += 3_600_000 + 7 * 60_000) {
      expect(asZoneWrites(restaurantWallClock(new Date(at)))).toBe(zone.format(new Date(at)));
    }
  });
});
