import { currentOrNextSlot, restaurantTime, restaurantToday } from '@samgyup/shared/reservation';
import { settingsMessages, tableChangeSchema, tableSchema } from '@samgyup/shared/validation';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { isUniqueViolation } from '../../db/database';
import { conflict, notFound } from '../../lib/http-error';
import { parseInput } from '../../lib/parse-input';
import { recordAudit } from '../../repositories/audit-log-repository';
import { listOpenSessions } from '../../repositories/dining-repository';
import { listFloorReservations } from '../../repositories/reservations-repository';
import { findTableById, insertTable, listTables, updateTable } from '../../repositories/tables-repository';
import { tableTonight } from './table-floor';
import { ADMINS, EVERY_STAFF, staffAccess, staffOf } from '../../plugins/staff-authorization';

const idParams = z.object({ id: z.coerce.number().int().positive('Table not found.').max(2 ** 31 - 1, 'Table not found.') });

/** A second table with one number is refused by the database; say so in the owner's words. */
async function numberTakenAsConflict<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(settingsMessages.tableNumberTaken);
    throw error;
  }
}

/**
 * Every table with its state for the counter: seated (with its session and
 * time left), reserved for the running or next slot today, or free; and
 * tonight's reservations on it (the host stand's view, see table-floor.ts).
 * `reservation` and `slot` stay for consoles released before `tonight`.
 */
export default async function tablesStaffRoutes(app: FastifyInstance) {
  app.get('/api/staff/tables', staffAccess(EVERY_STAFF), async () => {
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

  // Admins add, renumber, reseat and retire tables. A retired table keeps its
  // reservations and sessions, leaves the booking picker and the floor's free list.
  app.post('/api/staff/tables', staffAccess(ADMINS), async (request, reply) => {
    const admin = staffOf(request);
    const input = parseInput(tableSchema, request.body);
    const table = await numberTakenAsConflict(() =>
      app.db.transaction(async (tx) => {
        const created = await insertTable(tx, input);
        await recordAudit(tx, admin, 'table.create', `Table ${created.table_number}`, input);
        return created;
      }),
    );
    reply.status(201);
    return { success: true, message: `Table ${table.table_number} added.`, data: table };
  });

  app.patch('/api/staff/tables/:id', staffAccess(ADMINS), async (request) => {
    const admin = staffOf(request);
    const { id } = parseInput(idParams, request.params);
    const change = parseInput(tableChangeSchema, request.body);
    if (Object.keys(change).length === 0) throw conflict('Send a table_number, capacity or is_active to change.');
    const table = await numberTakenAsConflict(() =>
      app.db.transaction(async (tx) => {
        const before = await findTableById(tx, id);
        if (!before) return null;
        const after = await updateTable(tx, id, change);
        await recordAudit(tx, admin, change.is_active === false ? 'table.retire' : 'table.update', `Table ${before.table_number}`, {
          before: { table_number: before.table_number, capacity: before.capacity, is_active: before.is_active },
          after: change,
        });
        return after;
      }),
    );
    if (!table) throw notFound('Table not found.');
    return { success: true, message: table.is_active ? `Table ${table.table_number} saved.` : `Table ${table.table_number} is retired.`, data: table };
  });
}
