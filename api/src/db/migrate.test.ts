import { openTestDatabase } from '../test/test-database';
import type { Database } from './database';
import { migrate, migrationFiles } from './migrate';
import { seedDemoData } from './seed';

describe('migrations and seed data', () => {
  let db: Database;
  let dispose: () => Promise<void>;
  beforeAll(async () => ({ db, dispose } = await openTestDatabase()));
  afterAll(() => dispose());

  it('has applied every numbered migration, and applying again changes nothing', async () => {
    const rows = await db.query<{ version: string }>('SELECT version FROM schema_migrations ORDER BY version');
    expect(rows.map((row) => row.version)).toEqual(migrationFiles().map((file) => file.replace(/\.sql$/, '')));
    expect(await migrate(db)).toEqual([]);
  });

  it('seeds the menu, tables and reviews once, however often it runs', async () => {
    await seedDemoData(db);
    await seedDemoData(db);
    const count = async (table: string) => (await db.query<{ count: number }>(`SELECT count(*)::int AS count FROM ${table}`))[0].count;
    expect(await count('menu_items')).toBe(21);
    expect(await count('restaurant_tables')).toBe(10);
    expect(await count('feedback')).toBe(5);
    const sides = await db.query<{ name: string }>("SELECT name FROM menu_items WHERE category = 'sidedish' ORDER BY sort_order");
    expect(sides.map((row) => row.name)).toEqual(['Siomai', 'Hotdog', 'Cucumber', 'Bean Sprouts', 'Kimchi', 'Fishcake', 'Eggroll', 'Baby Potatoes']);
  });

  it('keeps the rules in the database, not only in code', async () => {
    await expect(db.query("INSERT INTO feedback (rating, feedback_text) VALUES (6, 'too good')")).rejects.toThrow();
    await expect(db.query("INSERT INTO menu_items (category, name, selling_price) VALUES ('drinks', 'Soju', 100)")).rejects.toThrow();
    await expect(db.query("INSERT INTO customers (first_name, last_name, email) VALUES ('A', 'B', 'UPPER@EXAMPLE.COM')")).rejects.toThrow();
  });
});
