import { addDaysToIsoDate, type TableOption } from '@samgyup/shared/reservation';
import { openTimeSlots } from '@samgyup/shared/settings';
import type { AppConfig } from '../config';
import type { Queryable } from '../db/database';
import { listHeldTables } from '../repositories/reservations-repository';
import { listCombinations, type TableCombination } from '../repositories/table-combinations-repository';
import { listTables, type RestaurantTable } from '../repositories/tables-repository';
import { restaurantClock, slotOpenForBooking } from './reservations/booking-rules';
import { currentSettings } from './restaurant-settings';

/** Days after the chosen one searched for other slots that seat a party. */
export const OTHER_SLOT_DAYS = 7;

/**
 * The single tables and combinations that seat `guests` with none of their
 * tables in `held`, best fit first: fewest spare seats, then fewest tables,
 * then the lowest table number. Retired tables and combinations are never offered.
 */
export function fittingOptions(tables: RestaurantTable[], combinations: TableCombination[], held: ReadonlySet<number>, guests: number): TableOption[] {
  const singles: TableOption[] = tables
    .filter((table) => table.is_active && !held.has(table.id) && table.capacity >= guests)
    .map((table) => ({ table_id: table.id, combination_id: null, table_numbers: [table.table_number], seats: table.capacity }));
  const joined: TableOption[] = combinations
    .filter(
      (combination) =>
        combination.is_active && combination.seats >= guests && combination.tables.length > 1 && combination.tables.every((table) => table.is_active && !held.has(table.id)),
    )
    .map((combination) => ({
      table_id: combination.tables[0].id,
      combination_id: combination.id,
      table_numbers: combination.tables.map((table) => table.table_number),
      seats: combination.seats,
    }));
  return [...singles, ...joined].sort((a, b) => a.seats - b.seats || a.table_numbers.length - b.table_numbers.length || a.table_numbers[0] - b.table_numbers[0]);
}

/** What can be booked from `from` to `to`: the tables, the combinations, and the tables held per date and slot. */
async function floorBetween(db: Queryable, from: string, to: string) {
  // One after another: `db` may be a transaction's one connection.
  const tables = await listTables(db);
  const combinations = await listCombinations(db);
  const held = await listHeldTables(db, from, to);
  const heldBySlot = new Map<string, Set<number>>();
  for (const row of held) {
    const key = `${row.date}|${row.time}`;
    if (!heldBySlot.has(key)) heldBySlot.set(key, new Set());
    heldBySlot.get(key)!.add(row.table_id);
  }
  return {
    tables,
    combinations,
    optionsAt: (date: string, time: string, guests: number) => fittingOptions(tables, combinations, heldBySlot.get(`${date}|${time}`) ?? new Set(), guests),
  };
}

/** The choices that seat `guests` on `date` at `time`, best fit first (read in the caller's transaction when it books). */
export async function slotOptions(db: Queryable, date: string, time: string, guests: number): Promise<TableOption[]> {
  return (await floorBetween(db, date, date)).optionsAt(date, time, guests);
}

/** Days from `from` to `to` on which no open slot has a table or combination that seats `guests`. */
export async function fullyBookedDates(db: Queryable, from: string, to: string, slots: string[], guests: number): Promise<string[]> {
  const floor = await floorBetween(db, from, to);
  const booked: string[] = [];
  for (let day = from; day <= to; day = addDaysToIsoDate(day, 1)) {
    if (slots.every((time) => floor.optionsAt(day, time, guests).length === 0)) booked.push(day);
  }
  return booked;
}

/** The slots among `slots` on which nothing free seats `guests` on `date`: the slot picker shows them as full for the party. */
export async function slotsWithoutFit(db: Queryable, date: string, slots: string[], guests: number): Promise<string[]> {
  const floor = await floorBetween(db, date, date);
  return slots.filter((time) => floor.optionsAt(date, time, guests).length === 0);
}

/**
 * Where else a party that nothing seats on `date` at `time` fits: the other
 * open slots of that day (from today, when `date` has passed) and of the next
 * OTHER_SLOT_DAYS days, soonest first, skipping closed days and started slots.
 */
export async function otherFittingSlots(
  db: Queryable,
  config: Pick<AppConfig, 'downPaymentPesos' | 'testRestaurantTime'>,
  date: string,
  time: string,
  guests: number,
): Promise<{ date: string; time: string }[]> {
  const { today } = restaurantClock(config);
  const first = date < today ? today : date;
  const last = addDaysToIsoDate(first, OTHER_SLOT_DAYS);
  const floor = await floorBetween(db, first, last);
  const slots = openTimeSlots(await currentSettings(db, config.downPaymentPesos));
  const found: { date: string; time: string }[] = [];
  for (let day = first; day <= last; day = addDaysToIsoDate(day, 1)) {
    for (const slot of slots) {
      if (day === date && slot.start === time) continue;
      if (floor.optionsAt(day, slot.start, guests).length === 0) continue;
      if (await slotOpenForBooking(db, config, day, slot.start)) found.push({ date: day, time: slot.start });
    }
  }
  return found;
}
