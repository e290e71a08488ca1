import pg from 'pg';
import type { Database } from './database';

// Dates stay as 'YYYY-MM-DD' strings: a reservation date is a calendar day, not an instant.
pg.types.setTypeParser(1082, (value: string) => value);
// bigint counts (COUNT(*)) as numbers: they never come near 2^53 here.
pg.types.setTypeParser(20, (value: string) => Number(value));

/** A PostgreSQL server through a connection pool. */
export async function openPostgresDatabase(connectionString: string, max = 10): Promise<Database> {
  const pool = new pg.Pool({ connectionString, max });
  await pool.query('SELECT 1');
  return {
    engine: 'postgres',
    async query<T>(sql: string, params: unknown[] = []) {
      const result = await pool.query(sql, params);
      return result.rows as T[];
    },
    async exec(sql) {
      await pool.query(sql);
    },
    async transaction(work) {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const result = await work({
          async query<T>(sql: string, params: unknown[] = []) {
            return (await client.query(sql, params)).rows as T[];
          },
        });
        await client.query('COMMIT');
        return result;
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },
    async close() {
      await pool.end();
    },
  };
}
