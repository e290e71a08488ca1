import { currentOrNextSlot, restaurantTime, restaurantToday } from '@samgyup/shared/reservation';
import { settingsMessages, tableChangeSchema, tableCombinationChangeSchema, tableCombinationSchema, tableSchema } from '@samgyup/shared/validation';
import { tablesLabel } from '@samgyup/shared/reservation';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { isUniqueViolation } from '../../db/database';
import { conflict, notFound } from '../../lib/http-error';
import { parseInput } from '../../lib/parse-input';
import { rowIdParams } from '../../lib/row-id-params';
import { recordAudit } from '../../repositories/audit-log-repository';
import { listOpenSessions } from '../../repositories/dining-repository';
import { listFloorReservations } from '../../repositories/reservations-repository';
import {
  findCombination,
  findCombinationOfTables,
  insertCombination,
  listCombinations,
  retireCombinationsOfTable,
  updateCombination,
} from '../../repositories/table-combinations-repository';
import { findTableById, insertTable, listTables, lockTables, updateTable } from '../../repositories/tables-repository';
import { tableTonight } from './table-floor';
import { ADMINS, EVERY_STAFF, staffAccess, staffOf } from '../../plugins/staff-authorization';

const idParams = z.object({
  id: z.coerce
    .number()
    .int()
    .positive('Table not found.')
    .max(2 ** 31 - 1, 'Table not found.'),
});
const combinationParams = rowIdParams(settingsMessages.combinationNotFound);

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
        // Its combinations cannot be pushed together without it; bringing the table back leaves them to the owner.
        const retiredCombinations = change.is_active === false ? await retireCombinationsOfTable(tx, id) : [];
        await recordAudit(tx, admin, change.is_active === false ? 'table.retire' : 'table.update', `Table ${before.table_number}`, {
          before: { table_number: before.table_number, capacity: before.capacity, is_active: before.is_active },
          after: change,
          ...(retiredCombinations.length > 0 ? { retired_combinations: retiredCombinations } : {}),
        });
        return after;
      }),
    );
    if (!table) throw notFound('Table not found.');
    return { success: true, message: table.is_active ? `Table ${table.table_number} saved.` : `Table ${table.table_number} is retired.`, data: table };
  });

  // Combinations: tables an admin lets be pushed together for a group, with what they seat joined.
  app.get('/api/staff/table-combinations', staffAccess(EVERY_STAFF), async () => {
    return { success: true, data: await listCombinations(app.db) };
  });

  app.post('/api/staff/table-combinations', staffAccess(ADMINS), async (request, reply) => {
    const admin = staffOf(request);
    const input = parseInput(tableCombinationSchema, request.body);
    const combination = await app.db.transaction(async (tx) => {
      // Two admins adding the same combination at once take turns here.
      await lockTables(tx, input.table_ids);
      const tables = await Promise.all(input.table_ids.map((id) => findTableById(tx, id)));
      if (tables.some((table) => !table)) throw notFound('Table not found.');
      if (tables.some((table) => !table!.is_active)) throw conflict(settingsMessages.combinationTableRetired);
      if ((await findCombinationOfTables(tx, input.table_ids)) !== null) throw conflict(settingsMessages.combinationExists);
      const id = await insertCombination(tx, input.table_ids, input.seats);
      const created = (await findCombination(tx, id))!;
      await recordAudit(tx, admin, 'table-combination.create', tablesLabel(created.tables.map((table) => table.table_number)), { seats: input.seats });
      return created;
    });
    reply.status(201);
    const label = tablesLabel(combination.tables.map((table) => table.table_number));
    return { success: true, message: `${label} can be joined for ${combination.seats}.`, data: combination };
  });

  app.patch('/api/staff/table-combinations/:id', staffAccess(ADMINS), async (request) => {
    const admin = staffOf(request);
    const { id } = parseInput(combinationParams, request.params);
    const change = parseInput(tableCombinationChangeSchema, request.body);
    if (Object.keys(change).length === 0) throw conflict('Send seats or is_active to change.');
    const combination = await app.db.transaction(async (tx) => {
      const before = await findCombination(tx, id);
      if (!before) throw notFound(settingsMessages.combinationNotFound);
      if (change.is_active && !before.tables.every((table) => table.is_active)) throw conflict(settingsMessages.combinationTableRetired);
      if (
        change.is_active &&
        !before.is_active &&
        (await findCombinationOfTables(
          tx,
          before.tables.map((table) => table.id),
        )) !== null
      ) {
        throw conflict(settingsMessages.combinationExists);
      }
      await updateCombination(tx, id, change);
      const label = tablesLabel(before.tables.map((table) => table.table_number));
      await recordAudit(tx, admin, change.is_active === false ? 'table-combination.retire' : 'table-combination.update', label, {
        before: { seats: before.seats, is_active: before.is_active },
        after: change,
      });
      return (await findCombination(tx, id))!;
    });
    const label = tablesLabel(combination.tables.map((table) => table.table_number));
    return { success: true, message: combination.is_active ? `${label} saved.` : `${label} can no longer be joined.`, data: combination };
  });
}
