import { createTestApp, type TestApp } from '../../test/create-test-app';
import { daysFromNow } from '../../test/booking-helper';
import { quickCustomer, quickStaff } from '../../test/customer-helper';

let t: TestApp;
let admin: Awaited<ReturnType<typeof quickStaff>>;
let staff: Awaited<ReturnType<typeof quickStaff>>;
beforeAll(async () => {
  t = await createTestApp({ seed: true, env: { RATE_LIMIT_ENABLED: 'false' } });
  admin = await quickStaff(t.app, 'admin');
  staff = await quickStaff(t.app);
});
afterAll(() => t.close());

const readLog = async (query = '') => {
  const answer = await t.app.inject({ method: 'GET', url: `/api/staff/audit-log${query}`, headers: admin.auth });
  expect(answer.statusCode).toBe(200);
  return answer.json() as {
    data: { id: number; actor_email: string; action: string; subject: string; details: Record<string, unknown>; at: string }[];
    next_before: number | null;
  };
};

describe('audit log', () => {
  it('records who confirmed and who declined a reservation, with the reason', async () => {
    const customer = await quickCustomer(t.app);
    const date = daysFromNow(4);
    const ids: number[] = [];
    for (const [index, time] of ['17:00', '18:30'].entries()) {
      const booked = await t.app.inject({
        method: 'POST',
        url: '/api/reservations',
        headers: customer.auth,
        payload: {
          customer_name: 'Ana Cruz',
          phone: '0917 555 0142',
          email: customer.user.email,
          table_id: index + 1,
          number_of_guests: 2,
          reservation_date: date,
          reservation_time: time,
        },
      });
      expect(booked.statusCode).toBe(201);
      ids.push(booked.json().data.id);
    }
    expect((await t.app.inject({ method: 'POST', url: `/api/staff/reservations/${ids[0]}/confirm`, headers: staff.auth })).statusCode).toBe(200);
    const decline = await t.app.inject({ method: 'POST', url: `/api/staff/reservations/${ids[1]}/decline`, headers: staff.auth, payload: { reason: 'No payment received.' } });
    expect(decline.statusCode).toBe(200);
    // A second confirm loses the race and writes nothing.
    expect((await t.app.inject({ method: 'POST', url: `/api/staff/reservations/${ids[0]}/confirm`, headers: staff.auth })).statusCode).toBe(409);

    const { data } = await readLog('?resource=reservation');
    expect(data.slice(0, 2).map(({ action, subject, actor_email, details }) => ({ action, subject, actor_email, details }))).toEqual([
      { action: 'reservation.decline', subject: `Reservation #${ids[1]}`, actor_email: staff.email, details: { reason: 'No payment received.' } },
      { action: 'reservation.confirm', subject: `Reservation #${ids[0]}`, actor_email: staff.email, details: {} },
    ]);
    expect(data.filter((entry) => entry.subject === `Reservation #${ids[0]}`)).toHaveLength(1);
  });

  it('records menu availability and staff account changes, and pages back through older entries', async () => {
    expect((await t.app.inject({ method: 'PATCH', url: '/api/staff/menu-items/1', headers: staff.auth, payload: { is_available: false } })).statusCode).toBe(200);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/staff/accounts',
      headers: admin.auth,
      payload: { name: 'Joy', email: 'joy@samgyup.test', password: 'long-password-1' },
    });
    expect(created.statusCode).toBe(201);
    expect((await t.app.inject({ method: 'PATCH', url: `/api/staff/accounts/${created.json().data.id}`, headers: admin.auth, payload: { is_active: false } })).statusCode).toBe(
      200,
    );

    const first = await readLog('?limit=2');
    expect(first.data.map((entry) => [entry.action, entry.subject, entry.details])).toEqual([
      ['staff-account.update', 'Staff account joy@samgyup.test', { is_active: false }],
      ['staff-account.create', 'Staff account joy@samgyup.test', { role: 'staff' }],
    ]);
    expect(first.next_before).toBe(first.data[1].id);
    const older = await readLog(`?limit=1&before=${first.next_before}`);
    expect(older.data[0]).toMatchObject({ action: 'menu-item.availability', subject: 'Menu item #1', details: { is_available: false }, actor_email: staff.email });
    expect(new Date(older.data[0].at).toISOString()).toBe(older.data[0].at);
  });

  it('is for admins only and explains bad paging values', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/staff/audit-log', headers: staff.auth })).statusCode).toBe(403);
    const bad = await t.app.inject({ method: 'GET', url: '/api/staff/audit-log?limit=500', headers: admin.auth });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Send limit as a number from 1 to 100.');
    const resource = await t.app.inject({ method: 'GET', url: "/api/staff/audit-log?resource=x';drop", headers: admin.auth });
    expect(resource.statusCode).toBe(400);
  });
});
