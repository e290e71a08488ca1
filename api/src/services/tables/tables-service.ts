import { tablesLabel } from '@samgyup/shared/reservation';
import { settingsMessages, type tableChangeSchema, type tableCombinationChangeSchema, type tableCombinationSchema, type tableSchema } from '@samgyup/shared/validation';
import type { z } from 'zod';
import { isUniqueViolation } from '../../db/database';
import { conflict, notFound } from '../../lib/http-error';
import type { Principal } from '../../plugins/auth';
import { recordAudit } from '../../repositories/audit-log-repository';
import {
  findCombination,
  findCombinationOfTables,
  insertCombination,
  retireCombinationsOfTable,
  updateCombination,
  type TableCombination,
} from '../../repositories/table-combinations-repository';
import { findTableById, insertTable, lockTables, updateTable, type RestaurantTable } from '../../repositories/tables-repository';
import type { ServiceContext } from '../service-context';

export const TABLE_NOT_FOUND = 'Table not found.';

/** A second table with one number is refused by the database; say so in the owner's words. */
async function numberTakenAsConflict<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(settingsMessages.tableNumberTaken);
    throw error;
  }
}

/** An admin adds a table, with its audit entry. */
export function addTable(ctx: Pick<ServiceContext, 'db'>, admin: Principal, input: z.output<typeof tableSchema>): Promise<RestaurantTable> {
  return numberTakenAsConflict(() =>
    ctx.db.transaction(async (tx) => {
      const created = await insertTable(tx, input);
      await recordAudit(tx, admin, 'table.create', `Table ${created.table_number}`, input);
      return created;
    }),
  );
}

/**
 * An admin renumbers, reseats, retires or brings back a table. A retired table
 * keeps its reservations and sessions; its combinations are retired with it.
 */
export async function changeTable(ctx: Pick<ServiceContext, 'db'>, admin: Principal, id: number, change: z.output<typeof tableChangeSchema>): Promise<RestaurantTable> {
  const table = await numberTakenAsConflict(() =>
    ctx.db.transaction(async (tx) => {
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
  if (!table) throw notFound(TABLE_NOT_FOUND);
  return table;
}

/** An admin lets tables in service be pushed together for a group, seating `seats` joined. */
export function addCombination(ctx: Pick<ServiceContext, 'db'>, admin: Principal, input: z.output<typeof tableCombinationSchema>): Promise<TableCombination> {
  return ctx.db.transaction(async (tx) => {
    // Two admins adding the same combination at once take turns here.
    await lockTables(tx, input.table_ids);
    const tables = await Promise.all(input.table_ids.map((id) => findTableById(tx, id)));
    if (tables.some((table) => !table)) throw notFound(TABLE_NOT_FOUND);
    if (tables.some((table) => !table!.is_active)) throw conflict(settingsMessages.combinationTableRetired);
    if ((await findCombinationOfTables(tx, input.table_ids)) !== null) throw conflict(settingsMessages.combinationExists);
    const id = await insertCombination(tx, input.table_ids, input.seats);
    const created = (await findCombination(tx, id))!;
    await recordAudit(tx, admin, 'table-combination.create', tablesLabel(created.tables.map((table) => table.table_number)), { seats: input.seats });
    return created;
  });
}

/** An admin changes what a combination seats, stops it being joined, or lets it be joined again (all its tables in service, no twin active). */
export function changeCombination(ctx: Pick<ServiceContext, 'db'>, admin: Principal, id: number, change: z.output<typeof tableCombinationChangeSchema>): Promise<TableCombination> {
  return ctx.db.transaction(async (tx) => {
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
}
