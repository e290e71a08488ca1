import { queryOne, type Queryable } from '../db/database';

export interface RestaurantTable {
  id: number;
  table_number: number;
  capacity: number;
  is_active: boolean;
  /** When the owner retired it (null: in service); a retired table is inactive and keeps its history. */
  retired_at: string | null;
}

const COLUMNS = 'id, table_number, capacity, is_active, retired_at';

export function findTableByNumber(db: Queryable, tableNumber: number): Promise<RestaurantTable | null> {
  return queryOne<RestaurantTable>(db, `SELECT ${COLUMNS} FROM restaurant_tables WHERE table_number = $1`, [tableNumber]);
}

export function findTableById(db: Queryable, id: number): Promise<RestaurantTable | null> {
  return queryOne<RestaurantTable>(db, `SELECT ${COLUMNS} FROM restaurant_tables WHERE id = $1`, [id]);
}

/** The tables in service, in id order (the order every lock over several tables takes). */
export async function listActiveTableIds(db: Queryable): Promise<number[]> {
  return (await db.query<{ id: number }>('SELECT id FROM restaurant_tables WHERE is_active ORDER BY id')).map((row) => row.id);
}

export function listTables(db: Queryable): Promise<RestaurantTable[]> {
  return db.query<RestaurantTable>(`SELECT ${COLUMNS} FROM restaurant_tables ORDER BY table_number`);
}

export async function insertTable(db: Queryable, table: { table_number: number; capacity: number }): Promise<RestaurantTable> {
  const [row] = await db.query<RestaurantTable>(`INSERT INTO restaurant_tables (table_number, capacity) VALUES ($1, $2) RETURNING ${COLUMNS}`, [
    table.table_number,
    table.capacity,
  ]);
  return row;
}

/** Renumbers, reseats, retires (is_active false) or brings back a table; null when there is no such table. */
export function updateTable(db: Queryable, id: number, change: { table_number?: number; capacity?: number; is_active?: boolean }): Promise<RestaurantTable | null> {
  return queryOne<RestaurantTable>(
    db,
    `UPDATE restaurant_tables
        SET table_number = coalesce($2, table_number), capacity = coalesce($3, capacity), is_active = coalesce($4, is_active),
            retired_at = CASE WHEN $4::boolean IS NULL THEN retired_at WHEN $4 THEN NULL ELSE coalesce(retired_at, now()) END
      WHERE id = $1 RETURNING ${COLUMNS}`,
    [id, change.table_number ?? null, change.capacity ?? null, change.is_active ?? null],
  );
}

/** Locks the rows of these tables (in id order) for the rest of the transaction. */
export async function lockTables(tx: Queryable, ids: number[]): Promise<void> {
  await tx.query('SELECT id FROM restaurant_tables WHERE id = ANY($1::int[]) ORDER BY id FOR UPDATE', [ids]);
}

/**
 * The most guests one booking can seat (0 when no table is in service): the
 * largest table in service, or joined tables whose every table is in service.
 */
export async function findLargestActiveCapacity(db: Queryable): Promise<number> {
  const row = await queryOne<{ capacity: number }>(
    db,
    `SELECT greatest(
       (SELECT coalesce(max(capacity), 0) FROM restaurant_tables WHERE is_active),
       (SELECT coalesce(max(c.seats), 0) FROM table_combinations c
         WHERE c.is_active AND NOT EXISTS (SELECT 1 FROM table_combination_members m JOIN restaurant_tables t ON t.id = m.table_id
                                            WHERE m.combination_id = c.id AND NOT t.is_active)))::int AS capacity`,
  );
  return row?.capacity ?? 0;
}
