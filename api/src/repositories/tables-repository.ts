import { queryOne, type Queryable } from '../db/database';

export interface RestaurantTable {
  id: number;
  table_number: number;
  capacity: number;
  is_active: boolean;
}

export function findTableByNumber(db: Queryable, tableNumber: number): Promise<RestaurantTable | null> {
  return queryOne<RestaurantTable>(
    db,
    'SELECT id, table_number, capacity, is_active FROM restaurant_tables WHERE table_number = $1',
    [tableNumber],
  );
}

export function findTableById(db: Queryable, id: number): Promise<RestaurantTable | null> {
  return queryOne<RestaurantTable>(db, 'SELECT id, table_number, capacity, is_active FROM restaurant_tables WHERE id = $1', [id]);
}

/** The tables in service, in id order (the order every lock over several tables takes). */
export async function listActiveTableIds(db: Queryable): Promise<number[]> {
  return (await db.query<{ id: number }>('SELECT id FROM restaurant_tables WHERE is_active ORDER BY id')).map((row) => row.id);
}

export function listTables(db: Queryable): Promise<RestaurantTable[]> {
  return db.query<RestaurantTable>('SELECT id, table_number, capacity, is_active FROM restaurant_tables ORDER BY table_number');
}
