import pg from 'pg';
import { asDatabaseError, type ChangeListener, type Database } from './database';

// Dates stay as 'YYYY-MM-DD' strings: a reservation date is a calendar day, not an instant.
pg.types.setTypeParser(1082, (value: string) => value);
// bigint counts (COUNT(*)) as numbers: they never come near 2^53 here.
pg.types.setTypeParser(20, (value: string) => Number(value));

// While the server is down a request waits at most this long for a connection, then gets a 503.
const CONNECT_TIMEOUT_MS = 3_000;
// While every pooled connection is busy a request waits its turn this long: a burst (200
// bookings at once) queues behind the pool rather than being told the database is down.
const POOL_WAIT_MS = 30_000;
const LISTEN_RETRY_MS = { first: 250, max: 1_000 };

const ignore = () => undefined;

/**
 * One connection that LISTENs on every channel asked for, and connects again
 * (with a growing pause) whenever the server drops it. Listeners are told to
 * resync after a reconnect, since notices sent meanwhile are lost.
 */
function createListenConnection(connectionString: string) {
  const channels = new Map<string, ChangeListener[]>();
  let client: pg.Client | null = null;
  let connecting: Promise<void> | null = null;
  let closed = false;
  let retryMs = LISTEN_RETRY_MS.first;
  let retryTimer: NodeJS.Timeout | undefined;
  let everConnected = false;

  const scheduleReconnect = () => {
    if (closed || retryTimer) return;
    retryTimer = setTimeout(() => {
      retryTimer = undefined;
      connect().catch(ignore);
    }, retryMs);
    retryMs = Math.min(retryMs * 2, LISTEN_RETRY_MS.max);
  };

  const connect = (): Promise<void> => {
    if (connecting) return connecting;
    connecting = (async () => {
      const next = new pg.Client({ connectionString, connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
      // A dropped connection is expected (a restart): reconnect, never crash.
      next.on('error', ignore);
      next.on('end', () => {
        if (client === next) {
          client = null;
          for (const listeners of channels.values()) for (const listener of listeners) listener.onLost?.();
        }
        scheduleReconnect();
      });
      next.on('notification', (message) => {
        for (const listener of channels.get(message.channel) ?? []) listener.onMessage(message.payload ?? '');
      });
      try {
        await next.connect();
        for (const channel of channels.keys()) await next.query(`LISTEN "${channel}"`);
      } catch (error) {
        await next.end().catch(ignore);
        scheduleReconnect();
        throw asDatabaseError(error);
      }
      if (closed) return void (await next.end().catch(ignore));
      client = next;
      retryMs = LISTEN_RETRY_MS.first;
      if (everConnected) for (const listeners of channels.values()) for (const listener of listeners) listener.onResync();
      everConnected = true;
    })().finally(() => {
      connecting = null;
    });
    return connecting;
  };

  return {
    async listen(channel: string, listener: ChangeListener) {
      if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`Not a channel name: ${channel}`);
      const known = channels.get(channel);
      if (known) return void known.push(listener);
      channels.set(channel, [listener]);
      if (client) await client.query(`LISTEN "${channel}"`);
      else await connect();
    },
    async close() {
      closed = true;
      clearTimeout(retryTimer);
      await connecting?.catch(ignore);
      await client?.end().catch(ignore);
    },
  };
}

/**
 * A connection that gives up connecting after CONNECT_TIMEOUT_MS. The pool's own
 * connectionTimeoutMillis (POOL_WAIT_MS) bounds both the wait for a busy pool and a
 * new connection; this tighter limit of the client's keeps the second one short.
 */
class QuickToGiveUpClient extends pg.Client {
  constructor(config?: pg.ClientConfig) {
    super({ ...config, connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
  }
}

/** A PostgreSQL server through a connection pool. */
export async function openPostgresDatabase(connectionString: string, max = 10): Promise<Database> {
  const pool = new pg.Pool({ connectionString, max, connectionTimeoutMillis: POOL_WAIT_MS, Client: QuickToGiveUpClient });
  // An idle connection the server drops (a restart, a terminated backend) is
  // reported here. The pool has already thrown it away; the next query opens a
  // new one or, while the server is down, answers 503. Without a handler Node
  // ends the process on this 'error' event.
  pool.on('error', ignore);
  const notices = createListenConnection(connectionString);
  await pool.query('SELECT 1');
  async function query<T>(sql: string, params: unknown[] = []) {
    try {
      return (await pool.query(sql, params)).rows as T[];
    } catch (error) {
      throw asDatabaseError(error);
    }
  }
  return {
    engine: 'postgres',
    query,
    bulk: { query },
    async exec(sql) {
      try {
        await pool.query(sql);
      } catch (error) {
        throw asDatabaseError(error);
      }
    },
    async simpleQuery<T>(sql: string) {
      try {
        // Without parameters node-postgres speaks the simple protocol: one result, or one per statement.
        const result = (await pool.query(sql)) as pg.QueryResult | pg.QueryResult[];
        return (Array.isArray(result) ? (result.at(-1)?.rows ?? []) : result.rows) as T[];
      } catch (error) {
        throw asDatabaseError(error);
      }
    },
    async transaction(work) {
      let client: pg.PoolClient;
      try {
        client = await pool.connect();
      } catch (error) {
        throw asDatabaseError(error);
      }
      // A checked-out client has no listener of the pool's: its connection
      // dropping mid-transaction would otherwise end the process.
      client.on('error', ignore);
      let broken: unknown;
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
        await client.query('ROLLBACK').catch((rollbackError: unknown) => (broken = rollbackError));
        throw asDatabaseError(error);
      } finally {
        client.removeListener('error', ignore);
        // A connection that could not even roll back is thrown away, not reused.
        client.release(broken instanceof Error ? broken : undefined);
      }
    },
    listen: (channel, listener) => notices.listen(channel, listener),
    async close() {
      await notices.close();
      await pool.end();
    },
  };
}
