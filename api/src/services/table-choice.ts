import { reservationMessages } from '@samgyup/shared/validation';
import type { Queryable } from '../db/database';
import { conflict, HttpError } from '../lib/http-error';
import { lockTableSlots, tableSlotOffered } from '../repositories/reservations-repository';
import { combinationTableIds, findCombination } from '../repositories/table-combinations-repository';
import { findTableById, listActiveTableIds } from '../repositories/tables-repository';
import { slotOptions } from './table-availability';

/** What a booking asks for: one table, joined tables, or the best fit the restaurant picks. */
export interface TableChoice {
  table_id?: number | null;
  combination_id?: number | null;
  best_table?: boolean;
}

/** The tables a booking takes: `tableId` is the first (the first version's field), `tableIds` all of them. */
export interface ChosenTables {
  tableId: number;
  combinationId: number | null;
  tableIds: number[];
}

/**
 * Turns a choice into the tables it takes, refusing what does not exist, is
 * retired, or is too small for the party. The best fit is read in `tx`, so a
 * booking takes what is free at that moment.
 */
export async function resolveTableChoice(tx: Queryable, choice: TableChoice, slot: { date: string; time: string }, guests: number): Promise<ChosenTables> {
  if (choice.combination_id != null) {
    const combination = await findCombination(tx, choice.combination_id);
    if (!combination || !combination.is_active || !combination.tables.every((table) => table.is_active)) {
      throw new HttpError(400, reservationMessages.combinationUnknown);
    }
    if (guests > combination.seats) throw new HttpError(400, reservationMessages.tooManyGuests);
    const tableIds = await combinationTableIds(tx, combination.id);
    return { tableId: combination.tables[0].id, combinationId: combination.id, tableIds };
  }
  if (choice.table_id != null) {
    const table = await findTableById(tx, choice.table_id);
    if (!table || !table.is_active) throw new HttpError(400, reservationMessages.tableUnknown);
    if (guests > table.capacity) throw new HttpError(400, reservationMessages.tooManyGuests);
    return { tableId: table.id, combinationId: null, tableIds: [table.id] };
  }
  // Best-fit bookings of one slot take turns: each sees what the one before it took.
  await lockTableSlots(tx, await listActiveTableIds(tx), slot.date, slot.time);
  const [best] = await slotOptions(tx, slot.date, slot.time, guests);
  if (!best) throw conflict(reservationMessages.noFit(guests));
  const tableIds = best.combination_id === null ? [best.table_id] : await combinationTableIds(tx, best.combination_id);
  return { tableId: best.table_id, combinationId: best.combination_id, tableIds };
}

/**
 * Takes the table-slot locks of every chosen table (in id order) for the rest
 * of the transaction, and refuses when a waitlist offer holds any of them. The
 * database's unique index on table_holds still refuses a table held twice.
 */
export async function lockChosenTables(tx: Queryable, chosen: ChosenTables, slot: { date: string; time: string }, takenMessage: string): Promise<void> {
  await lockTableSlots(tx, chosen.tableIds, slot.date, slot.time);
  for (const tableId of chosen.tableIds) {
    if (await tableSlotOffered(tx, tableId, slot.date, slot.time)) throw conflict(takenMessage);
  }
}
