/**
 * What a party can book for one date and slot: a single table, or tables the
 * owner lets be pushed together (a combination). The API sends these best fit
 * first; the picker, the confirmation and every message name them the same way.
 */
export interface TableOption {
  /** The table, or the combination's first table (the reservation's `table_id`). */
  table_id: number;
  /** Null for a single table. */
  combination_id: number | null;
  /** Every table the party takes, in order. */
  table_numbers: number[];
  seats: number;
}

/** GET /api/tables/options: the choices that seat the party, or where else it fits. */
export interface TableOptionsAnswer {
  options: TableOption[];
  /** When nothing seats the party: other slots of that day and the next days that do. */
  other_slots: { date: string; time: string }[];
  /** The restaurant's phone, for parties larger than any table or combination. */
  phone: string;
}

/** "Table 3" for one table (the first version's words), "Tables 9 + 10" for joined tables. */
export function tablesLabel(tableNumbers: readonly number[]): string {
  return tableNumbers.length === 1 ? `Table ${tableNumbers[0]}` : `Tables ${tableNumbers.join(' + ')}`;
}

/** What names the tables a booking (or an offer) holds: every table, or the one an API released before joined tables sent. */
export interface HeldTables {
  table_numbers?: readonly number[] | null;
  table_number?: number | null;
  table_id?: number | null;
}

/** "Tables 9 + 10" for a booking on joined tables, "Table 3" for one table: the one way every page and message names a booking's tables. */
export function heldTablesLabel(held: HeldTables): string {
  return held.table_numbers?.length ? tablesLabel(held.table_numbers) : `Table ${held.table_number ?? held.table_id}`;
}

/** "Tables 9 + 10 · seats 16": a choice in the picker. */
export function tableOptionLabel(option: Pick<TableOption, 'table_numbers' | 'seats'>): string {
  return `${tablesLabel(option.table_numbers)} · seats ${option.seats}`;
}
