import type { TestApp } from '../../test/create-test-app';
import { expireSession as expireSessionOf, openNextTable } from '../../test/dining-helper';
import { seededAppWithStaff } from '../../test/seeded-app';
import { registerAndLogin } from '../../test/customer-helper';

let t: TestApp;
let staff: Record<string, string>;
beforeAll(async () => ({ t, staffAuth: staff } = await seededAppWithStaff()));
afterAll(() => t.close());

const openTable = (durationSec?: number) => openNextTable(t, staff, durationSec);
const expireSession = (id: number) => expireSessionOf(t, id);

const validate = (table_code: unknown) => t.app.inject({ method: 'POST', url: '/api/refill-requests/validate-table', payload: { table_code } });
const requestRefill = (payload: object, headers: Record<string, string> = {}) => t.app.inject({ method: 'POST', url: '/api/refill-requests', payload, headers });
const setStatus = (id: number, payload: object, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'PATCH', url: `/api/refill-requests/${id}/status`, payload, headers });

describe('POST /api/refill-requests/validate-table', () => {
  it('answers id, table_code, table_number and message for an open session, whatever the case typed', async () => {
    const session = await openTable();
    const response = await validate(` ${session.table_code.toLowerCase()} `);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      success: true,
      id: session.table_id,
      table_code: session.table_code,
      table_number: session.table_number,
      message: 'Table code verified. Enjoy your meal!',
    });
  });

  it('refuses an empty, unknown, expired or closed code with a clear 404', async () => {
    expect((await validate('')).json().message).toBe('Enter table code');
    const unknown = await validate('ZZZZZZ');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('Invalid table code. Please check and try again.');

    const expired = await openTable();
    await expireSession(expired.id);
    const late = await validate(expired.table_code);
    expect(late.statusCode).toBe(404);
    expect(late.json().message).toBe('This table code has expired. Please ask our staff for a new one.');

    const closed = await openTable();
    await t.app.inject({ method: 'POST', url: `/api/staff/dining-sessions/${closed.id}/close`, headers: staff });
    expect((await validate(closed.table_code)).statusCode).toBe(404);
  });
});

describe('POST /api/refill-requests', () => {
  it('records the request with its items, answers its id, and keeps its history', async () => {
    const session = await openTable();
    const response = await requestRefill({
      table_code: session.table_code,
      customer_id: null,
      request_type: 'Kimchi (1), Pork (2)',
      notes: 'side: Kimchi x1; meat: Pork x2; food: none',
    });
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body).toMatchObject({ success: true, id: expect.any(Number), message: expect.stringContaining('Refill request sent') });
    const [row] = await t.db.query<{ items: unknown; status: string; customer_id: number | null }>('SELECT items, status, customer_id FROM refill_requests WHERE id = $1', [
      body.id,
    ]);
    expect(row).toEqual({
      items: [
        { name: 'Kimchi', quantity: 1 },
        { name: 'Pork', quantity: 2 },
      ],
      status: 'pending',
      customer_id: null,
    });
  });

  it("accepts 'General Refill' and links a logged-in customer from the token, not the body", async () => {
    const session = await openTable();
    const { auth, user } = await registerAndLogin(t.app);
    const response = await requestRefill({ table_code: session.table_code, customer_id: 99999, request_type: 'General Refill', notes: '' }, auth);
    expect(response.statusCode).toBe(201);
    const [row] = await t.db.query<{ customer_id: number }>('SELECT customer_id FROM refill_requests WHERE id = $1', [response.json().id]);
    expect(row.customer_id).toBe(user.id);
  });

  it.each(['Lobster (1)', 'Pork (21)', 'Pork (0)', 'Pork (-2)', 'Pork (1.5)', 'Pork (1), Pork (2)', '', '<script>alert(1)</script>'])(
    'refuses the items %p',
    async (request_type) => {
      const session = await openTable();
      const response = await requestRefill({ table_code: session.table_code, request_type, notes: '' });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe('Choose refill items from the list, each from 0 to 20.');
    },
  );

  it('refuses an unknown code, a table whose time is up and a closed table', async () => {
    const unknown = await requestRefill({ table_code: 'QQQQQQ', request_type: 'Rice (1)' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('Invalid table code. Please check and try again.');

    const late = await openTable();
    await expireSession(late.id);
    const timeUp = await requestRefill({ table_code: late.table_code, request_type: 'Rice (1)' });
    expect(timeUp.statusCode).toBe(409);
    expect(timeUp.json().message).toBe('Your dining time is up, so refills can no longer be requested.');

    const left = await openTable();
    await t.app.inject({ method: 'POST', url: `/api/staff/dining-sessions/${left.id}/close`, headers: staff });
    const closed = await requestRefill({ table_code: left.table_code, request_type: 'Rice (1)' });
    expect(closed.statusCode).toBe(409);
    expect(closed.json().message).toContain('checked out');
  });

  it('lets a table have at most 5 requests waiting, also when they arrive at once', async () => {
    const session = await openTable();
    const responses = await Promise.all(Array.from({ length: 7 }, () => requestRefill({ table_code: session.table_code, request_type: 'Rice (1)' })));
    expect(responses.map((response) => response.statusCode).sort()).toEqual([201, 201, 201, 201, 201, 429, 429]);
  });
});

describe('PATCH /api/refill-requests/{id}/status', () => {
  async function newRequest() {
    const session = await openTable();
    const id = (await requestRefill({ table_code: session.table_code, request_type: 'Pork (2)' })).json().id as number;
    return { session, id };
  }

  it('lets staff move a request pending → in progress → completed, recording each step', async () => {
    const { id } = await newRequest();
    expect((await setStatus(id, { status: 'in_progress' }, staff)).statusCode).toBe(200);
    const done = await setStatus(id, { status: 'completed' }, staff);
    expect(done.statusCode).toBe(200);
    expect(done.json().data.status).toBe('completed');
    const history = await t.db.query<{ status: string }>('SELECT status FROM refill_request_events WHERE refill_request_id = $1 ORDER BY id', [id]);
    expect(history.map((event) => event.status)).toEqual(['pending', 'in_progress', 'completed']);
    const reopen = await setStatus(id, { status: 'pending' }, staff);
    expect(reopen.statusCode).toBe(409);
  });

  it("lets the table's code holder mark its own request completed, even after time is up", async () => {
    const { session, id } = await newRequest();
    await expireSession(session.id);
    const response = await setStatus(id, { status: 'completed', table_code: session.table_code.toLowerCase() });
    expect(response.statusCode).toBe(200);
  });

  it('refuses another table, no code, a diner moving it to in progress, and unknown statuses', async () => {
    const { session, id } = await newRequest();
    const other = await openTable();
    expect((await setStatus(id, { status: 'completed', table_code: other.table_code })).statusCode).toBe(403);
    expect((await setStatus(id, { status: 'completed' })).statusCode).toBe(403);
    expect((await setStatus(id, { status: 'in_progress', table_code: session.table_code })).statusCode).toBe(403);
    const unknown = await setStatus(id, { status: 'eaten' }, staff);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe('Unknown status. Use one of: pending, in_progress, completed, cancelled.');
    const { auth } = await registerAndLogin(t.app);
    expect((await setStatus(id, { status: 'completed' }, auth)).statusCode).toBe(403);
    expect((await setStatus(987654, { status: 'completed' }, staff)).statusCode).toBe(404);
  });
});

describe('the staff refill queue', () => {
  it('lists waiting requests oldest first with their table, and drops finished ones; staff only', async () => {
    const first = await openTable();
    const second = await openTable();
    const a = (await requestRefill({ table_code: first.table_code, request_type: 'Pork (2)', notes: 'meat: Pork x2' })).json().id;
    const b = (await requestRefill({ table_code: second.table_code, request_type: 'General Refill', notes: '' })).json().id;
    const queue = await t.app.inject({ method: 'GET', url: '/api/staff/refill-requests', headers: staff });
    expect(queue.statusCode).toBe(200);
    const ids = queue.json().data.map((row: { id: number }) => row.id);
    expect(ids.indexOf(a)).toBeGreaterThanOrEqual(0);
    expect(ids.indexOf(a)).toBeLessThan(ids.indexOf(b));
    const row = queue.json().data.find((entry: { id: number }) => entry.id === a);
    expect(row).toMatchObject({ table_number: first.table_number, request_type: 'Pork (2)', items: [{ name: 'Pork', quantity: 2 }], status: 'pending' });
    expect(row.age_sec).toBeGreaterThanOrEqual(0);

    await setStatus(a, { status: 'completed' }, staff);
    const after = (await t.app.inject({ method: 'GET', url: '/api/staff/refill-requests', headers: staff })).json();
    expect(after.data.map((entry: { id: number }) => entry.id)).not.toContain(a);

    expect((await t.app.inject({ method: 'GET', url: '/api/staff/refill-requests' })).statusCode).toBe(401);
    const { auth } = await registerAndLogin(t.app);
    expect((await t.app.inject({ method: 'GET', url: '/api/staff/refill-requests', headers: auth })).statusCode).toBe(403);
  });

  it("drops a closed table's waiting requests from the queue, cancelled with who closed it", async () => {
    const session = await openTable();
    const waiting = (await requestRefill({ table_code: session.table_code, request_type: 'Rice (1)', notes: '' })).json().id;
    const started = (await requestRefill({ table_code: session.table_code, request_type: 'Kimchi (1)', notes: '' })).json().id;
    await setStatus(started, { status: 'in_progress' }, staff);
    expect((await t.app.inject({ method: 'POST', url: `/api/staff/dining-sessions/${session.id}/close`, headers: staff })).statusCode).toBe(200);
    const queue = (await t.app.inject({ method: 'GET', url: '/api/staff/refill-requests', headers: staff })).json();
    const ids = queue.data.map((entry: { id: number }) => entry.id);
    expect(ids).not.toContain(waiting);
    expect(ids).not.toContain(started);
    const [row] = await t.db.query<{ status: string }>('SELECT status FROM refill_requests WHERE id = $1', [waiting]);
    expect(row.status).toBe('cancelled');
    const [event] = await t.db.query<{ changed_by: string }>(`SELECT changed_by FROM refill_request_events WHERE refill_request_id = $1 ORDER BY id DESC LIMIT 1`, [started]);
    expect(event.changed_by).toMatch(/^staff .+ \(table closed\)$/);
  });
});

describe('a refill sent again with its Idempotency-Key (a phone back online, or a lost answer)', () => {
  // A phone of its own, apart from the per-address limit the tests above used up.
  const fromPhone = (payload: object, key: string) =>
    t.app.inject({ method: 'POST', url: '/api/refill-requests', payload, headers: { 'Idempotency-Key': key }, remoteAddress: '192.0.2.77' });

  it('files one request however often, and at once, it arrives', async () => {
    const session = await openTable();
    const send = () => fromPhone({ table_code: session.table_code, request_type: 'Pork (2)', notes: 'no onions' }, 'phone-3f9a2c7e-01');
    const answers = [await send(), ...(await Promise.all([send(), send(), send()]))];
    expect(answers.map((answer) => answer.statusCode)).toEqual([201, 201, 201, 201]);
    expect(new Set(answers.map((answer) => answer.json().id)).size).toBe(1);
    const [{ count }] = await t.db.query<{ count: number }>('SELECT count(*)::int AS count FROM refill_requests WHERE session_id = $1', [session.id]);
    expect(count).toBe(1);
  });

  it('gives the first answer even after the time is up, refuses another body under the same key, and checks the key', async () => {
    const session = await openTable();
    const key = 'phone-77aa01bc-02';
    const first = await fromPhone({ table_code: session.table_code, request_type: 'Rice (1)' }, key);
    await expireSession(session.id);
    expect((await fromPhone({ table_code: session.table_code, request_type: 'Rice (1)' }, key)).json().id).toBe(first.json().id);
    const other = await fromPhone({ table_code: session.table_code, request_type: 'Beef (1)' }, key);
    expect(other.statusCode).toBe(422);
    expect(other.json().message).toBe('This Idempotency-Key was already used for a different refill request. Use a new key for a new request.');
    const bad = await fromPhone({ table_code: session.table_code, request_type: 'Rice (1)' }, 'x y');
    expect(bad.json()).toEqual({ success: false, message: 'The Idempotency-Key header must be 8 to 100 letters, digits or dashes.' });
  });
});
