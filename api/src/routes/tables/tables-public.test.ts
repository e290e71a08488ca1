import { bookTable, daysFromNow, tableIdOf } from '../../test/booking-helper';
import type { TestApp } from '../../test/create-test-app';
import { expireSession as expireSessionOf, openNextTable, requestRefill, setRefillStatus } from '../../test/dining-helper';
import { openStream } from '../../test/event-stream';
import { listeningAppWithStaff } from '../../test/seeded-app';

// The public /api/tables/* routes: a slot's free tables, and a seated table's
// timer, refill list and live stream by its code.
let t: TestApp;
let origin: string;
let staff: Record<string, string>;
// Many refill requests from one address in a minute: the per-address limit is not what is tested here.
beforeAll(async () => ({ t, staffAuth: staff, origin } = await listeningAppWithStaff({ RATE_LIMIT_ENABLED: 'false' })));
afterAll(() => t.close());

const openTable = (durationSec?: number) => openNextTable(t, staff, durationSec);
const expireSession = (id: number) => expireSessionOf(t, id);
const setStatus = (id: number, status: string) => setRefillStatus(t, staff, id, status);

describe('available tables', () => {
  it('lists every active table for a free slot, and drops a booked one for that slot only', async () => {
    const date = daysFromNow(10);
    const before = (await t.app.inject({ method: 'GET', url: `/api/tables/available?date=${date}&time=17:00` })).json();
    expect(before.success).toBe(true);
    expect(before.data).toHaveLength(10);
    expect(before.data[0]).toEqual({ id: await tableIdOf(t, 1), table_number: 1, capacity: 2 });

    await bookTable(t, { date, time: '17:00', tableNumber: 3 });
    const after = (await t.app.inject({ method: 'GET', url: `/api/tables/available?date=${date}&time=17:00` })).json();
    expect(after.data.map((table: { table_number: number }) => table.table_number)).not.toContain(3);
    const otherSlot = (await t.app.inject({ method: 'GET', url: `/api/tables/available?date=${date}&time=18:30` })).json();
    expect(otherSlot.data).toHaveLength(10);
  });

  it('refuses a date or time that is not one of ours, and lists nothing for a past day', async () => {
    const badDate = await t.app.inject({ method: 'GET', url: '/api/tables/available?date=2026-02-30&time=17:00' });
    expect(badDate.statusCode).toBe(400);
    expect(badDate.json().message).toBe('Choose a date as YYYY-MM-DD.');
    const badTime = await t.app.inject({ method: 'GET', url: `/api/tables/available?date=${daysFromNow(3)}&time=19:00` });
    expect(badTime.json().message).toBe('Choose one of the time slots.');
    const past = await t.app.inject({ method: 'GET', url: `/api/tables/available?date=${daysFromNow(-1)}&time=17:00` });
    expect(past.json().data).toEqual([]);
  });
});

describe('full slots', () => {
  it('names the slots nothing seats the party on, and every slot of a day the owner closed', async () => {
    const date = daysFromNow(12);
    const full = async (guests: number) => (await t.app.inject({ method: 'GET', url: `/api/tables/full-slots?date=${date}&guests=${guests}` })).json().data;
    expect(await full(2)).toEqual([]);
    await t.db.query("INSERT INTO closed_dates (closed_on, reason) VALUES ($1::date, 'Private event')", [date]);
    expect(await full(2)).toEqual(['17:00', '18:30', '20:00']);
    const past = (await t.app.inject({ method: 'GET', url: `/api/tables/full-slots?date=${daysFromNow(-1)}&guests=2` })).json().data;
    expect(past).toEqual(['17:00', '18:30', '20:00']);
  });
});

describe('GET /api/tables/{code}/timer', () => {
  it('counts down on the server clock and says 0 once time is up or the table is closed', async () => {
    const session = await openTable(120);
    const timer = (await t.app.inject({ method: 'GET', url: `/api/tables/${session.table_code}/timer` })).json();
    expect(timer).toMatchObject({ success: true, durationSec: 120 });
    expect(timer.remainingSec).toBeGreaterThan(115);
    await expireSession(session.id);
    expect((await t.app.inject({ method: 'GET', url: `/api/tables/${session.table_code}/timer` })).json().remainingSec).toBe(0);
    expect((await t.app.inject({ method: 'GET', url: '/api/tables/NOPE22/timer' })).statusCode).toBe(404);
  });
});

describe('table live stream', () => {
  it("sends a table only its own requests' status", async () => {
    const mine = await openTable();
    const theirs = await openTable();
    const stream = await openStream(`${origin}/api/tables/${mine.table_code}/live`);
    await stream.waitFor((event) => event.data.kind === 'ready');
    const other = await requestRefill(t.app, theirs.table_code);
    await setStatus(other, 'in_progress');
    const own = await requestRefill(t.app, mine.table_code);
    await stream.waitFor((event) => event.data.kind === 'refill.created' && event.data.id === own);
    await setStatus(own, 'in_progress');
    await setStatus(own, 'completed');
    await stream.waitFor((event) => event.data.id === own && event.data.status === 'completed');
    expect(stream.events.filter((event) => event.id !== null && event.data.kind !== 'ready').map((event) => [event.data.id, event.data.status])).toEqual([
      [own, 'pending'],
      [own, 'in_progress'],
      [own, 'completed'],
    ]);
    // Nothing of the staff's (table numbers, other tables) reaches a phone.
    expect(stream.events.every((event) => !('table_number' in event.data))).toBe(true);
    stream.close();

    const list = (await t.app.inject({ method: 'GET', url: `/api/tables/${mine.table_code}/refill-requests` })).json();
    expect(list.data).toEqual([expect.objectContaining({ id: own, status: 'completed', request_type: 'Kimchi (1), Pork (2)' })]);
  });

  it('tells the table when closing it cancels its waiting requests', async () => {
    const table = await openTable();
    const stream = await openStream(`${origin}/api/tables/${table.table_code}/live`);
    await stream.waitFor((event) => event.data.kind === 'ready');
    const id = await requestRefill(t.app, table.table_code);
    await t.app.inject({ method: 'POST', url: `/api/staff/dining-sessions/${table.id}/close`, headers: staff });
    await stream.waitFor((event) => event.data.id === id && event.data.status === 'cancelled');
    stream.close();
  });

  it('answers an unknown code with 404', async () => {
    const response = await fetch(`${origin}/api/tables/ZZZZZZ/live`);
    expect(response.status).toBe(404);
    expect(((await response.json()) as { message: string }).message).toBe('Invalid table code. Please check and try again.');
    expect((await fetch(`${origin}/api/tables/ZZZZZZ/refill-requests`)).status).toBe(404);
  });
});
