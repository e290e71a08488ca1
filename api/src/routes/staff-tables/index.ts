import { currentOrNextSlot, restaurantTime, restaurantToday } from '@samgyup/shared/reservation';
import type { FastifyInstance } from 'fastify';
import { listOpenSessions } from '../../repositories/dining-repository';
import { listFloorReservations } from '../../repositories/reservations-repository';
import { listTables } from '../../repositories/tables-repository';
import { tableTonight } from './table-floor';

/**
 * Every table with its state for the counter: seated (with its session and
 * time left), reserved for the running or next slot today, or free; and
 * tonight's reservations on it (the host stand's view, see table-floor.ts).
 * `reservation` and `slot` stay for consoles released before `tonight`.
 */
export default async function staffTableRoutes(app: FastifyInstance) {
  app.get('/api/staff/tables', async (request) => {
    await app.authenticateStaff(request);
    const today = restaurantToday();
    const time = app.config.testRestaurantTime ?? restaurantTime();
    const slot = currentOrNextSlot(time);
    const [tables, sessions, reservations] = await Promise.all([listTables(app.db), listOpenSessions(app.db), listFloorReservations(app.db, today)]);
    const data = tables.map((table) => {
      const session = sessions.find((candidate) => candidate.table_id === table.id) ?? null;
      const forSlot = reservations.find((candidate) => candidate.table_id === table.id && candidate.reservation_time === slot) ?? null;
      const reservation = forSlot && { id: forSlot.id, customer_name: forSlot.customer_name, number_of_guests: forSlot.number_of_guests, status: forSlot.status };
      const state = !table.is_active ? 'inactive' : session ? 'seated' : reservation ? 'reserved' : 'free';
      return { ...table, state, session, reservation, slot, ...tableTonight(table, reservations, session, time) };
    });
    return { success: true, data };
  });
}
