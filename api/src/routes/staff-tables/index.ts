import { currentOrNextSlot, restaurantTime, restaurantToday } from '@samgyup/shared/reservation';
import type { FastifyInstance } from 'fastify';
import { listOpenSessions } from '../../repositories/dining-repository';
import { listTables } from '../../repositories/tables-repository';

/**
 * Every table with its state for the counter: seated (with its session and
 * time left), reserved for the running or next slot today, or free.
 */
export default async function staffTableRoutes(app: FastifyInstance) {
  app.get('/api/staff/tables', async (request) => {
    await app.authenticateStaff(request);
    const today = restaurantToday();
    const slot = currentOrNextSlot(restaurantTime());
    const [tables, sessions, reservations] = await Promise.all([
      listTables(app.db),
      listOpenSessions(app.db),
      slot
        ? app.db.query<{ id: number; table_id: number; customer_name: string; number_of_guests: number; status: string }>(
            `SELECT id, table_id, customer_name, number_of_guests, status FROM reservations
              WHERE reservation_date = $1::date AND reservation_time = $2 AND status IN ('pending', 'confirmed')`,
            [today, slot],
          )
        : Promise.resolve([]),
    ]);
    const data = tables.map((table) => {
      const session = sessions.find((candidate) => candidate.table_id === table.id) ?? null;
      const reservation = reservations.find((candidate) => candidate.table_id === table.id) ?? null;
      const state = !table.is_active ? 'inactive' : session ? 'seated' : reservation ? 'reserved' : 'free';
      return { ...table, state, session, reservation, slot };
    });
    return { success: true, data };
  });
}
