import { queryOne, type Queryable } from '../db/database';

/** Tables the owner lets be pushed together, and what they seat joined. */
export interface TableCombination {
  id: number;
  seats: number;
  is_active: boolean;
  retired_at: string | null;
  /** Its tables, by table number. */
  tables: { id: number; table_number: number; is_active: boolean }[];
}

const SELECT = `
  SELECT c.id, c.seats, c.is_active, c.retired_at,
         coalesce(json_agg(json_build_object('id', t.id, 'table_number', t.table_number, 'is_active', t.is_active) ORDER BY t.table_number)
                  FILTER (WHERE t.id IS NOT NULL), '[]') AS tables
    FROM table_combinations c
    LEFT JOIN table_combination_members m ON m.combination_id = c.id
    LEFT JOIN restaurant_tables t ON t.id = m.table_id`;

const toCombination = (row: Record<string, unknown>): TableCombination => ({
  ...(row as unknown as TableCombination),
  tables: typeof row.tables === 'string' ? JSON.parse(row.tables) : (row.tables as TableCombination['tables']),
  retired_at: row.retired_at === null ? null : new Date(row.retired_at as string).toISOString(),
});

/** Every combination, those in service first, then by their first table. */
export async function listCombinations(db: Queryable): Promise<TableCombination[]> {
  const rows = await db.query<Record<string, unknown>>(`${SELECT} GROUP BY c.id ORDER BY c.is_active DESC, min(t.table_number), c.id`);
  return rows.map(toCombination);
}

export async function findCombination(db: Queryable, id: number): Promise<TableCombination | null> {
  const row = await queryOne<Record<string, unknown>>(db, `${SELECT} WHERE c.id = $1 GROUP BY c.id`, [id]);
  return row ? toCombination(row) : null;
}

/** The combination in service made of exactly these tables, if any. */
export async function findCombinationOfTables(db: Queryable, tableIds: number[]): Promise<number | null> {
  const row = await queryOne<{ id: number }>(
    db,
    `SELECT c.id FROM table_combinations c JOIN table_combination_members m ON m.combination_id = c.id
      WHERE c.is_active GROUP BY c.id HAVING array_agg(m.table_id ORDER BY m.table_id) = $1::int[]`,
    [[...tableIds].sort((a, b) => a - b)],
  );
  return row?.id ?? null;
}

export async function insertCombination(db: Queryable, tableIds: number[], seats: number): Promise<number> {
  const [{ id }] = await db.query<{ id: number }>('INSERT INTO table_combinations (seats) VALUES ($1) RETURNING id', [seats]);
  await db.query('INSERT INTO table_combination_members (combination_id, table_id) SELECT $1, unnest($2::int[])', [id, tableIds]);
  return id;
}

/** Changes what it seats, retires it or brings it back; false when there is no such combination. */
export async function updateCombination(db: Queryable, id: number, change: { seats?: number; is_active?: boolean }): Promise<boolean> {
  const rows = await db.query(
    `UPDATE table_combinations
        SET seats = coalesce($2, seats), is_active = coalesce($3, is_active),
            retired_at = CASE WHEN $3::boolean IS NULL THEN retired_at WHEN $3 THEN NULL ELSE coalesce(retired_at, now()) END
      WHERE id = $1 RETURNING id`,
    [id, change.seats ?? null, change.is_active ?? null],
  );
  return rows.length === 1;
}

/** A retired table takes its combinations with it. Answers the ids retired. */
export async function retireCombinationsOfTable(db: Queryable, tableId: number): Promise<number[]> {
  const rows = await db.query<{ id: number }>(
    `UPDATE table_combinations SET is_active = false, retired_at = now()
      WHERE is_active AND id IN (SELECT combination_id FROM table_combination_members WHERE table_id = $1) RETURNING id`,
    [tableId],
  );
  return rows.map((row) => row.id);
}

/** The table ids of a combination, in id order (the order locks are taken in). */
export async function combinationTableIds(db: Queryable, id: number): Promise<number[]> {
  const rows = await db.query<{ table_id: number }>('SELECT table_id FROM table_combination_members WHERE combination_id = $1 ORDER BY table_id', [id]);
  return rows.map((row) => row.table_id);
}
