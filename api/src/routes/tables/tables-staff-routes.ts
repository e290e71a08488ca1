import { currentOrNextSlot, restaurantTime, restaurantToday } from '@samgyup/shared/reservation';
import { settingsMessages, tableChangeSchema, tableCombinationChangeSchema, tableCombinationSchema, tableSchema } from '@samgyup/shared/validation';
import { tablesLabel } from '@samgyup/shared/reservation';
import type { FastifyInstance } from 'fastify';
import { conflict } from '../../lib/http-error';
import { parseInput } from '../../lib/parse-input';
import { rowIdParams } from '../../lib/row-id-params';
import { listOpenSessions } from '../../repositories/dining-repository';
import { listFloorReservations } from '../../repositories/reservations-repository';
import { listCombinations } from '../../repositories/table-combinations-repository';
import { listTables } from '../../repositories/tables-repository';
import { addCombination, addTable, changeCombination, changeTable, TABLE_NOT_FOUND } from '../../services/tables/tables-service';
import { tableTonight } from './table-floor';
import { ADMINS, EVERY_STAFF, staffAccess, staffOf } from '../../plugins/staff-authorization';

const idParams = rowIdParams(TABLE_NOT_FOUND);
const combinationParams = rowIdParams(settingsMessages.combinationNotFound);

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
      // A group seated on joined tables shows its one session on each of them.
      const session = sessions.find((candidate) => candidate.table_numbers.includes(table.table_number)) ?? null;
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
    const table = await addTable(app, admin, input);
    reply.status(201);
    return { success: true, message: `Table ${table.table_number} added.`, data: table };
  });

  app.patch('/api/staff/tables/:id', staffAccess(ADMINS), async (request) => {
    const admin = staffOf(request);
    const { id } = parseInput(idParams, request.params);
    const change = parseInput(tableChangeSchema, request.body);
    if (Object.keys(change).length === 0) throw conflict('Send a table_number, capacity or is_active to change.');
    const table = await changeTable(app, admin, id, change);
    return { success: true, message: table.is_active ? `Table ${table.table_number} saved.` : `Table ${table.table_number} is retired.`, data: table };
  });

  // Combinations: tables an admin lets be pushed together for a group, with what they seat joined.
  app.get('/api/staff/table-combinations', staffAccess(EVERY_STAFF), async () => {
    return { success: true, data: await listCombinations(app.db) };
  });

  app.post('/api/staff/table-combinations', staffAccess(ADMINS), async (request, reply) => {
    const admin = staffOf(request);
    const input = parseInput(tableCombinationSchema, request.body);
    const combination = await addCombination(app, admin, input);
    reply.status(201);
    const label = tablesLabel(combination.tables.map((table) => table.table_number));
    return { success: true, message: `${label} can be joined for ${combination.seats}.`, data: combination };
  });

  app.patch('/api/staff/table-combinations/:id', staffAccess(ADMINS), async (request) => {
    const admin = staffOf(request);
    const { id } = parseInput(combinationParams, request.params);
    const change = parseInput(tableCombinationChangeSchema, request.body);
    if (Object.keys(change).length === 0) throw conflict('Send seats or is_active to change.');
    const combination = await changeCombination(app, admin, id, change);
    const label = tablesLabel(combination.tables.map((table) => table.table_number));
    return { success: true, message: combination.is_active ? `${label} saved.` : `${label} can no longer be joined.`, data: combination };
  });
}
