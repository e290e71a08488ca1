import { buildApp } from '../../app';
import { openPostgresDatabase } from '../../db/pg-database';
import { withDatabase } from '../../test/test-database';
import { createTestApp, type TestApp } from '../../test/create-test-app';
import { quickStaff, registerAndLogin } from '../../test/customer-helper';
import { openNextTable, requestRefill, setRefillStatus } from '../../test/dining-helper';
import { openStream, resetDuringSetup } from '../../test/event-stream';
import { listeningAppWithStaff } from '../../test/seeded-app';
import { waitUntil } from '../../test/wait-until';

let t: TestApp;
let origin: string;
let staff: Record<string, string>;
// Many refill requests from one address in a minute: the per-address limit is not what is tested here.
beforeAll(async () => ({ t, staffAuth: staff, origin } = await listeningAppWithStaff({ RATE_LIMIT_ENABLED: 'false' })));
afterAll(() => t.close());

const openTable = () => openNextTable(t, staff);

async function ticket(headers = staff): Promise<string> {
  const response = await t.app.inject({ method: 'POST', url: '/api/staff/live/ticket', headers });
  expect(response.statusCode).toBe(200);
  return response.json().ticket;
}

const setStatus = (id: number, status: string) => setRefillStatus(t, staff, id, status);

describe('staff live stream', () => {
  it('needs a ticket from a staff login, which is no login token itself', async () => {
    expect((await t.app.inject({ method: 'POST', url: '/api/staff/live/ticket' })).statusCode).toBe(401);
    const { auth } = await registerAndLogin(t.app);
    expect((await t.app.inject({ method: 'POST', url: '/api/staff/live/ticket', headers: auth })).statusCode).toBe(403);

    const noTicket = await fetch(`${origin}/api/staff/live`);
    expect(noTicket.status).toBe(400);
    const forged = await fetch(`${origin}/api/staff/live?ticket=${staff.authorization.slice(7)}`);
    expect(forged.status).toBe(401);
    expect(((await forged.json()) as { message: string }).message).toBe('This live-updates ticket has expired. Ask for a new one.');

    const good = await ticket();
    const asLogin = await t.app.inject({ method: 'GET', url: '/api/staff/refill-requests', headers: { authorization: `Bearer ${good}` } });
    expect(asLogin.statusCode).toBe(401);
  });

  it('streams new refill requests and their moves with ids, heartbeats aside', async () => {
    const stream = await openStream(`${origin}/api/staff/live?ticket=${await ticket()}`);
    expect(stream.response.status).toBe(200);
    expect(stream.response.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(stream.response.headers.get('x-accel-buffering')).toBe('no');
    expect((await stream.waitFor((event) => event.data.kind === 'ready')).data).toEqual({ kind: 'ready', resumed: false });

    const table = await openTable();
    const id = await requestRefill(t.app, table.table_code);
    const created = await stream.waitFor((event) => event.data.kind === 'refill.created' && event.data.id === id);
    expect(created.id).toMatch(/^\d+$/);
    expect(created.data).toMatchObject({ table_number: table.table_number, request_type: 'Kimchi (1), Pork (2)', status: 'pending' });
    await setStatus(id, 'in_progress');
    await stream.waitFor((event) => event.data.kind === 'refill.status' && event.data.id === id && event.data.status === 'in_progress');
    stream.close();
  });

  it('tells of a new reservation, its proof and its confirmation', async () => {
    const stream = await openStream(`${origin}/api/staff/live?ticket=${await ticket()}`);
    await stream.waitFor((event) => event.data.kind === 'ready');
    const { auth } = await registerAndLogin(t.app);
    const [table] = await t.db.query<{ id: number }>('SELECT id FROM restaurant_tables WHERE table_number = 1');
    const booked = await t.app.inject({
      method: 'POST',
      url: '/api/reservations',
      headers: auth,
      payload: {
        customer_name: 'Live Test',
        email: 'live@example.ph',
        phone: '09171234567',
        table_id: table.id,
        number_of_guests: 2,
        reservation_date: '2099-03-03',
        reservation_time: '17:00',
      },
    });
    expect(booked.statusCode).toBe(201);
    const id = booked.json().data.id;
    const event = await stream.waitFor((received) => received.data.kind === 'reservation.created');
    expect(event.data).toMatchObject({ id, customer_name: 'Live Test', reservation_date: '2099-03-03' });

    const boundary = 'liveBoundary';
    const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(32, 7)]);
    const uploaded = await t.app.inject({
      method: 'POST',
      url: `/api/reservations/${id}/payment-proof`,
      headers: { ...auth, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: Buffer.concat([
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="p.png"\r\nContent-Type: image/png\r\n\r\n`),
        png,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]),
    });
    expect(uploaded.statusCode).toBe(200);
    await stream.waitFor((received) => received.data.kind === 'reservation.proof' && received.data.id === id);
    expect((await t.app.inject({ method: 'POST', url: `/api/staff/reservations/${id}/confirm`, headers: staff })).statusCode).toBe(200);
    const decided = await stream.waitFor((received) => received.data.kind === 'reservation.decided');
    expect(decided.data).toEqual({ kind: 'reservation.decided', id, status: 'confirmed' });
    stream.close();
  });

  it('resumes after Last-Event-ID with what it missed, and only then live', async () => {
    const table = await openTable();
    const first = await openStream(`${origin}/api/staff/live?ticket=${await ticket()}`);
    await first.waitFor((event) => event.data.kind === 'ready');
    const before = await requestRefill(t.app, table.table_code);
    const seen = await first.waitFor((event) => event.data.id === before);
    first.close();

    const missed = await requestRefill(t.app, table.table_code);
    await setStatus(before, 'completed');
    const resumed = await openStream(`${origin}/api/staff/live?ticket=${await ticket()}`, { 'Last-Event-ID': seen.id! });
    expect((await resumed.waitFor((event) => event.data.kind === 'ready')).data.resumed).toBe(true);
    await resumed.waitFor((event) => event.data.kind === 'refill.status' && event.data.id === before);
    const after = await requestRefill(t.app, table.table_code);
    await resumed.waitFor((event) => event.data.id === after);
    const kinds = resumed.events.filter((event) => event.id !== null && event.data.kind !== 'ready').map((event) => `${event.data.kind} ${event.data.id}`);
    expect(kinds).toEqual([`refill.created ${missed}`, `refill.status ${before}`, `refill.created ${after}`]);
    const ids = resumed.events.filter((event) => event.id !== null).map((event) => BigInt(event.id!));
    expect(ids[0]).toBe(BigInt(seen.id!)); // `ready` says where the stream starts: after the id it resumes from
    expect(ids).toEqual([...ids].sort((a, b) => (a < b ? -1 : 1)));
    resumed.close();

    // The same through the query, as the console sends it when it opens a new stream.
    const again = await openStream(`${origin}/api/staff/live?ticket=${await ticket()}&last_event_id=${seen.id}`);
    await again.waitFor((event) => event.data.id === after);
    again.close();
  });

  it('says in `ready` where it starts, so a page whose stream carried no event yet misses none while it opens the next', async () => {
    const table = await openTable();
    const quiet = await openStream(`${origin}/api/staff/live?ticket=${await ticket()}`);
    const ready = await quiet.waitFor((event) => event.data.kind === 'ready');
    expect(ready.id).toMatch(/^\d+$/);
    quiet.close();

    // Between two console screens: the first stream closed, the next not open yet.
    const between = await requestRefill(t.app, table.table_code);
    const next = await openStream(`${origin}/api/staff/live?ticket=${await ticket()}&last_event_id=${ready.id}`);
    expect((await next.waitFor((event) => event.data.kind === 'ready')).data.resumed).toBe(true);
    expect((await next.waitFor((event) => event.data.id === between)).data.kind).toBe('refill.created');
    next.close();
  });

  it("gives each followed list where the stream stood as it was read, so the page's stream resumes from there instead of reading the list again", async () => {
    const table = await openTable();
    const listed = async (url: string, headers: Record<string, string> = {}) => {
      const response = await t.app.inject({ method: 'GET', url, headers });
      expect(response.statusCode).toBe(200);
      const body = response.json();
      expect(body.live_event_id).toMatch(/^\d+$/);
      return body as { data: Array<{ id: number }>; live_event_id: string };
    };
    const queue = await listed('/api/staff/refill-requests', staff);
    const reservations = await listed('/api/staff/reservations', staff);
    const tableList = await listed(`/api/tables/${table.table_code}/refill-requests`);
    // Came after the lists were read: each stream opened after their ids replays it.
    const since = await requestRefill(t.app, table.table_code);
    expect(queue.data.some((refill) => refill.id === since)).toBe(false);
    for (const [address, position] of [
      [`${origin}/api/staff/live?ticket=${await ticket()}`, queue.live_event_id],
      [`${origin}/api/staff/live?ticket=${await ticket()}`, reservations.live_event_id],
      [`${origin}/api/tables/${table.table_code}/live?`, tableList.live_event_id],
    ] as const) {
      const stream = await openStream(`${address}&last_event_id=${position}`);
      expect((await stream.waitFor((event) => event.data.kind === 'ready')).data.resumed).toBe(true);
      expect((await stream.waitFor((event) => event.data.id === since)).data.kind).toBe('refill.created');
      stream.close();
    }
  });

  it('starts afresh (resumed: false) from an id it never sent, and refuses one that is no id', async () => {
    const stream = await openStream(`${origin}/api/staff/live?ticket=${await ticket()}`, { 'Last-Event-ID': '999999999999' });
    expect((await stream.waitFor((event) => event.data.kind === 'ready')).data.resumed).toBe(false);
    stream.close();
    const bad = await fetch(`${origin}/api/staff/live?ticket=${await ticket()}`, { headers: { 'Last-Event-ID': 'abc' } });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { message: string }).message).toBe('Last-Event-ID must be the id of an event this stream sent.');
  });

  it('refuses a disabled staff account', async () => {
    const other = await quickStaff(t.app);
    const theirTicket = await ticket(other.auth);
    await t.db.query('UPDATE staff_accounts SET is_active = false WHERE email = $1', [other.email]);
    const refused = await fetch(`${origin}/api/staff/live?ticket=${theirTicket}`);
    expect(refused.status).toBe(401);
  });
});

describe('two API instances on one database', () => {
  it('streams from one what was saved through the other', async () => {
    // On a PostgreSQL server the other instance has connections (and a LISTEN) of its own, as a second replica has.
    const [{ name }] = await t.db.query<{ name: string }>('SELECT current_database() AS name');
    const db = t.db.engine === 'postgres' ? await openPostgresDatabase(withDatabase(process.env.DATABASE_URL!, name), 2) : t.db;
    const other = await buildApp({ config: t.config, db });
    await other.ready();
    try {
      const table = await openTable();
      const stream = await openStream(`${origin}/api/tables/${table.table_code}/live`);
      await stream.waitFor((event) => event.data.kind === 'ready');
      const id = await requestRefill(other, table.table_code);
      await stream.waitFor((event) => event.data.id === id);
      stream.close();
    } finally {
      await other.close();
      if (db !== t.db) await db.close();
    }
  });
});

describe('streams end with the access they live on', () => {
  it('gives a stream its place back when the connection is reset while it is set up', async () => {
    const table = await openTable();
    const url = `${origin}/api/tables/${table.table_code}/live?last_event_id=1`;
    for (let i = 0; i < 40; i += 1) await resetDuringSetup(url);
    const staffTicket = await ticket();
    for (let i = 0; i < 40; i += 1) await resetDuringSetup(`${origin}/api/staff/live?ticket=${staffTicket}`);
    await waitUntil(() => t.app.liveStreams.count() === 0, { what: 'every reset stream given its place back', timeoutMs: 5000, intervalMs: 20 });
    const stream = await openStream(url);
    expect(stream.response.status).toBe(200);
    stream.close();
  });

  it("ends a disabled staff account's open stream at once", async () => {
    const admin = await quickStaff(t.app, 'admin');
    const other = await quickStaff(t.app);
    const stream = await openStream(`${origin}/api/staff/live?ticket=${await ticket(other.auth)}`);
    await stream.waitFor((event) => event.data.kind === 'ready');
    const [{ id }] = await t.db.query<{ id: number }>('SELECT id FROM staff_accounts WHERE email = $1', [other.email]);
    const disabled = await t.app.inject({ method: 'PATCH', url: `/api/staff/accounts/${id}`, headers: admin.auth, payload: { is_active: false } });
    expect(disabled.statusCode).toBe(200);
    await stream.ended;
    const table = await openTable();
    await requestRefill(t.app, table.table_code);
    expect(stream.events.map((event) => event.data.kind)).toEqual(['ready']);
  });

  it("ends a closed table's streams at once, and its code opens no stream or list any more", async () => {
    const table = await openTable();
    const stream = await openStream(`${origin}/api/tables/${table.table_code}/live`);
    await stream.waitFor((event) => event.data.kind === 'ready');
    const closed = await t.app.inject({ method: 'POST', url: `/api/staff/dining-sessions/${table.id}/close`, headers: staff });
    expect(closed.statusCode).toBe(200);
    await stream.ended;
    const again = await fetch(`${origin}/api/tables/${table.table_code}/live`);
    expect(again.status).toBe(404);
    expect(((await again.json()) as { message: string }).message).toBe('This table has been checked out, so refills can no longer be requested. Please ask our staff for help.');
    expect((await t.app.inject({ method: 'GET', url: `/api/tables/${table.table_code}/refill-requests` })).statusCode).toBe(404);
  });
});

describe('stream limits', () => {
  it('lets one staff ticket hold 2 streams at once, not hundreds', async () => {
    const shared = await ticket();
    const first = await openStream(`${origin}/api/staff/live?ticket=${shared}`);
    const second = await openStream(`${origin}/api/staff/live?ticket=${shared}`);
    expect([first.response.status, second.response.status]).toEqual([200, 200]);
    const third = await fetch(`${origin}/api/staff/live?ticket=${shared}`);
    expect(third.status).toBe(429);
    expect(((await third.json()) as { message: string }).message).toBe('Too many live connections with this ticket; the page refreshes by itself instead.');
    first.close();
    await waitUntil(() => t.app.liveStreams.count('staff') === 1, { what: 'the closed stream given its place back', timeoutMs: 5000, intervalMs: 20 });
    const fourth = await openStream(`${origin}/api/staff/live?ticket=${shared}`);
    expect(fourth.response.status).toBe(200);
    second.close();
    fourth.close();
  });

  it('bounds the streams of one address (LIVE_STREAMS_PER_ADDRESS)', async () => {
    const small = await createTestApp({ seed: true, env: { LIVE_STREAMS_PER_ADDRESS: '2' } });
    const smallOrigin = await small.app.listen({ port: 0, host: '127.0.0.1' });
    try {
      // Three staff members' tickets, so no ticket's own bound is reached.
      const tickets: string[] = [];
      for (let i = 0; i < 3; i += 1) {
        const { auth } = await quickStaff(small.app);
        tickets.push((await small.app.inject({ method: 'POST', url: '/api/staff/live/ticket', headers: auth })).json().ticket);
      }
      const open = [await openStream(`${smallOrigin}/api/staff/live?ticket=${tickets[0]}`), await openStream(`${smallOrigin}/api/staff/live?ticket=${tickets[1]}`)];
      const third = await fetch(`${smallOrigin}/api/staff/live?ticket=${tickets[2]}`);
      expect(third.status).toBe(429);
      expect(((await third.json()) as { message: string }).message).toBe('Too many live connections from this address; the page refreshes by itself instead.');
      open.forEach((stream) => stream.close());
    } finally {
      small.app.server.closeAllConnections();
      await small.close();
    }
  });

  it('limits table-code guesses on the live stream per address, like the other table-code routes', async () => {
    const limited = await createTestApp({ seed: true, env: { RATE_LIMIT_ENABLED: 'true' } });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 31; i += 1) statuses.push((await limited.app.inject({ method: 'GET', url: `/api/tables/ZZZZ${String(i).padStart(2, '2')}/live` })).statusCode);
      expect(statuses.slice(0, 30).every((status) => status === 404)).toBe(true);
      expect(statuses[30]).toBe(429);
    } finally {
      await limited.close();
    }
  });

  it('refuses streams past LIVE_STREAMS_MAX with 503 and Retry-After', async () => {
    const small = await createTestApp({ seed: true, env: { LIVE_STREAMS_MAX: '1' } });
    const smallOrigin = await small.app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const staffOfSmall = (await quickStaff(small.app)).auth;
      const response = await small.app.inject({ method: 'POST', url: '/api/staff/dining-sessions', headers: staffOfSmall, payload: { table_number: 1 } });
      const code = response.json().data.table_code;
      const first = await openStream(`${smallOrigin}/api/tables/${code}/live`);
      await first.waitFor((event) => event.data.kind === 'ready');
      const second = await fetch(`${smallOrigin}/api/tables/${code}/live`);
      expect(second.status).toBe(503);
      expect(second.headers.get('retry-after')).toBe('30');
      expect(((await second.json()) as { message: string }).message).toBe('Too many live connections right now; the page refreshes by itself instead.');
      first.close();
    } finally {
      await small.close();
    }
  });
});
