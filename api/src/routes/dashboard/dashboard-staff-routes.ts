import type { StaffDashboard } from '@samgyup/shared/dashboard';
import { restaurantToday } from '@samgyup/shared/reservation';
import type { FastifyInstance } from 'fastify';
import { bookingsPerDay, refillsPerHour, reviewsPerDay, slotOccupancy, todayAtAGlance, topRefillItems } from '../../repositories/dashboard-repository';
import { EVERY_STAFF, staffAccess } from '../../plugins/staff-authorization';

/** Days the dashboard's charts cover. */
export const DASHBOARD_DAYS = 30;
const TOP_ITEMS = 8;

/** The console's first screen: today at a glance and the last 30 days, for every staff member. */
export default async function dashboardStaffRoutes(app: FastifyInstance) {
  app.get('/api/staff/dashboard', staffAccess(EVERY_STAFF), async () => {
    const today = restaurantToday();
    const [glance, bookings, slots, hours, items, reviews] = await Promise.all([
      todayAtAGlance(app.db, today),
      bookingsPerDay(app.db, today, DASHBOARD_DAYS),
      slotOccupancy(app.db, today, DASHBOARD_DAYS),
      refillsPerHour(app.db, DASHBOARD_DAYS),
      topRefillItems(app.db, DASHBOARD_DAYS, TOP_ITEMS),
      reviewsPerDay(app.db, today, DASHBOARD_DAYS),
    ]);
    const data: StaffDashboard = {
      today: { date: today, ...glance },
      days: DASHBOARD_DAYS,
      bookings_per_day: bookings,
      slot_occupancy: slots,
      refills_per_hour: hours,
      top_refill_items: items,
      reviews,
    };
    return { success: true, data };
  });
}
