import { defaultRestaurantSettings, type RestaurantSettings } from '@samgyup/shared/settings';
import { createTestApp, type TestApp } from '../../test/create-test-app';
import { quickCustomer, quickStaff } from '../../test/customer-helper';
import { samplePhoto } from '../../test/sample-photos';
import { daysFromNow } from '../../test/booking-helper';

let t: TestApp;
let admin: Awaited<ReturnType<typeof quickStaff>>;
let staff: Awaited<ReturnType<typeof quickStaff>>;
let customer: Awaited<ReturnType<typeof quickCustomer>>;
/** A real PNG, as a QR image is. */
let PNG: Buffer;
beforeAll(async () => {
  PNG = await samplePhoto('png', 64, 64);
  t = await createTestApp({ seed: true, env: { RATE_LIMIT_ENABLED: 'false', PENDING_RESERVATIONS_PER_CUSTOMER: '50' } });
  [admin, staff, customer] = await Promise.all([quickStaff(t.app, 'admin'), quickStaff(t.app), quickCustomer(t.app)]);
});
afterAll(() => t.close());

const publicSettings = async () => {
  const answer = await t.app.inject({ method: 'GET', url: '/api/restaurant-settings' });
  expect(answer.statusCode).toBe(200);
  return answer.json().data;
};
const save = (settings: Partial<RestaurantSettings>, headers = admin.auth) =>
  t.app.inject({ method: 'PUT', url: '/api/staff/restaurant-settings', headers, payload: { ...defaultRestaurantSettings, ...settings } });
const book = (date: string, time = '17:00', table_id = 1) =>
  t.app.inject({
    method: 'POST',
    url: '/api/reservations',
    headers: customer.auth,
    payload: { customer_name: 'Ana Cruz', phone: '0917 555 0142', email: customer.user.email, table_id, number_of_guests: 2, reservation_date: date, reservation_time: time },
  });
const auditActions = async (resource: string) =>
  (await t.app.inject({ method: 'GET', url: `/api/staff/audit-log?resource=${resource}`, headers: admin.auth })).json().data as {
    action: string;
    subject: string;
    details: unknown;
    actor_email: string;
  }[];

const PNG_HEADER = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
function upload(bytes: Buffer, headers: Record<string, string> = admin.auth) {
  const boundary = 'qrBoundary';
  return t.app.inject({
    method: 'PUT',
    url: '/api/staff/restaurant-settings/payment-qr',
    headers: { ...headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="qr.png"\r\nContent-Type: image/png\r\n\r\n`),
      bytes,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
  });
}

describe('restaurant settings', () => {
  it("start from today's values: the first version's ₱100, contact, opening text, every day and slot open", async () => {
    const data = await publicSettings();
    expect(data).toMatchObject({
      down_payment_pesos: 100,
      opening_text: 'Opened 9:00 pm',
      wallet: { name: 'GCash' },
      contact: { phone: '+63 917 555 0142', email: 'hello@samgyupplaridel.ph' },
      dining_minutes: 90,
      open_weekdays: [0, 1, 2, 3, 4, 5, 6],
      closed_slots: [],
      sold_out_refill_items: [],
      closed_dates: [],
      payment_qr_path: null,
    });
  });

  it('only admins read and change them; staff and customers get 403', async () => {
    expect((await save({}, staff.auth)).statusCode).toBe(403);
    expect((await save({}, customer.auth)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/staff/restaurant-settings', headers: staff.auth })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'POST', url: '/api/staff/closed-dates', headers: staff.auth, payload: { date: daysFromNow(3), reason: 'x' } })).statusCode).toBe(403);
    expect((await upload(PNG, staff.auth)).statusCode).toBe(403);
  });

  it.each([
    [{ down_payment_pesos: -5 }, 'Enter a down payment from 0 to 10000 pesos, in whole pesos.'],
    [{ down_payment_pesos: 100.5 }, 'Enter a down payment from 0 to 10000 pesos, in whole pesos.'],
    [{ social_links: [{ label: 'Facebook', href: 'javascript:alert(1)' }] }, 'Social links must be https:// addresses.'],
    [{ social_links: [{ label: 'Facebook', href: 'https://www.facebook.com@evil.example/' }] }, 'Social links must be https:// addresses.'],
    [{ contact: { address: 'Plaridel', phone: 'call me', email: 'hello@samgyupplaridel.ph' } }, 'Enter a valid phone number'],
    [{ open_weekdays: [] }, 'Keep at least one opening day.'],
    [{ open_weekdays: [1, 1] }, 'Keep at least one opening day.'],
    [{ closed_slots: ['17:00', '18:30', '20:00'] }, 'Keep at least one time slot open.'],
    [{ closed_slots: ['09:00'] }, 'That is not one of the time slots.'],
    [{ sold_out_refill_items: ['Lobster'] }, 'That is not one of the refill items.'],
    [{ dining_minutes: 10 }, 'Dining time must be between 30 and 300 minutes.'],
    [{ opening_text: '\u202Egnp.exe' }, 'Remove the hidden text-direction characters'],
  ])('refuses %j with a clear message and keeps what was saved', async (change, message) => {
    const answer = await save(change as Partial<RestaurantSettings>);
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toEqual({ success: false, message });
    expect((await publicSettings()).down_payment_pesos).toBe(100);
  });

  it('a new down payment is what the next booking owes, and the change is in the audit log', async () => {
    expect((await save({ down_payment_pesos: 250, sold_out_refill_items: ['Cheese'] })).statusCode).toBe(200);
    expect(await publicSettings()).toMatchObject({ down_payment_pesos: 250, sold_out_refill_items: ['Cheese'] });
    const booked = await book(daysFromNow(5));
    expect(booked.statusCode).toBe(201);
    expect(booked.json().data.down_payment_due).toBe(250);
    const [entry] = await auditActions('settings');
    expect(entry).toMatchObject({
      action: 'settings.update',
      actor_email: admin.email,
      details: { down_payment_pesos: { before: 100, after: 250 }, sold_out_refill_items: { before: [], after: ['Cheese'] } },
    });
    expect((await save({})).statusCode).toBe(200);
  });

  it('a closed date is listed with its reason, has no tables and refuses bookings; reopening it takes bookings again', async () => {
    const date = daysFromNow(6);
    const closed = await t.app.inject({ method: 'POST', url: '/api/staff/closed-dates', headers: admin.auth, payload: { date, reason: 'Private event' } });
    expect(closed.statusCode).toBe(201);
    expect((await t.app.inject({ method: 'POST', url: '/api/staff/closed-dates', headers: admin.auth, payload: { date, reason: 'Again' } })).statusCode).toBe(409);
    expect((await publicSettings()).closed_dates).toEqual([{ date, reason: 'Private event' }]);
    expect((await t.app.inject({ method: 'GET', url: `/api/tables/available?date=${date}&time=17:00` })).json().data).toEqual([]);
    const refused = await book(date);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe('The restaurant is closed that day (Private event). Please choose another date.');

    expect((await t.app.inject({ method: 'DELETE', url: `/api/staff/closed-dates/${date}`, headers: admin.auth })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/staff/closed-dates/${date}`, headers: admin.auth })).statusCode).toBe(404);
    expect((await book(date)).statusCode).toBe(201);
    expect((await auditActions('closed-date')).slice(0, 2).map((entry) => entry.action)).toEqual(['closed-date.remove', 'closed-date.add']);
  });

  it.each([
    [{ date: '2026-02-30', reason: 'Holiday' }, 400, 'Pick a valid date.'],
    [{ date: '2020-01-01', reason: 'Holiday' }, 400, 'That date has passed. Pick today or a later date.'],
    [{ date: '2099-01-01', reason: '   ' }, 400, 'Say why the restaurant is closed that day; diners read it.'],
  ])('refuses the closed date %j', async (payload, status, message) => {
    const answer = await t.app.inject({ method: 'POST', url: '/api/staff/closed-dates', headers: admin.auth, payload });
    expect(answer.statusCode).toBe(status);
    expect(answer.json().message).toBe(message);
  });

  it('a closed weekday or slot refuses bookings', async () => {
    const date = daysFromNow(8);
    const weekday = new Date(`${date}T00:00:00Z`).getUTCDay();
    expect((await save({ open_weekdays: [0, 1, 2, 3, 4, 5, 6].filter((day) => day !== weekday), closed_slots: ['20:00'] })).statusCode).toBe(200);
    expect((await book(date)).json().message).toMatch(/^The restaurant is closed that day \(Closed on \w+days\)/);
    const other = daysFromNow(9);
    const late = await book(other, '20:00');
    expect(late.statusCode).toBe(400);
    expect(late.json().message).toBe('That time slot takes no bookings. Please choose another time slot.');
    expect((await book(other, '17:00', 2)).statusCode).toBe(201);
    expect((await save({})).statusCode).toBe(200);
  });

  it('keeps the uploaded QR (checked by content, 1 MB at most) and serves it to diners', async () => {
    const refusedType = await upload(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'));
    expect(refusedType.statusCode).toBe(415);
    expect(refusedType.json().message).toBe('Upload the QR as a PNG, JPEG or WebP image.');
    const tooLarge = await upload(Buffer.concat([PNG, Buffer.alloc(1024 * 1024)]));
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json().message).toBe('The QR image is too large. Upload one of at most 1 MB.');
    expect((await publicSettings()).payment_qr_path).toBeNull();

    const saved = await upload(PNG);
    expect(saved.statusCode).toBe(200);
    const path = (await publicSettings()).payment_qr_path as string;
    expect(path).toMatch(/^\/api\/restaurant-settings\/payment-qr\?v=/);
    const image = await t.app.inject({ method: 'GET', url: path });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.headers['cache-control']).toContain('immutable');
    expect(image.rawPayload.equals(PNG)).toBe(true);
    expect((await auditActions('settings'))[0]).toMatchObject({ action: 'settings.payment-qr', details: { content_type: 'image/png', size_bytes: PNG.length } });
  });

  it('refuses a QR that only starts like a PNG or JPEG, and lets the owner remove the QR', async () => {
    for (const fake of [
      Buffer.concat([PNG_HEADER, Buffer.alloc(64, 3)]),
      Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from('<script>alert(1)</script>')]),
      PNG.subarray(0, PNG.length - 40),
    ]) {
      const refused = await upload(fake);
      expect(refused.statusCode).toBe(415);
      expect(refused.json().message).toBe('Upload the QR as a PNG, JPEG or WebP image.');
    }
    expect((await upload(PNG)).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'DELETE', url: '/api/staff/restaurant-settings/payment-qr', headers: staff.auth })).statusCode).toBe(403);
    const removed = await t.app.inject({ method: 'DELETE', url: '/api/staff/restaurant-settings/payment-qr', headers: admin.auth });
    expect(removed.statusCode).toBe(200);
    expect(removed.json().message).toBe('The QR image is removed: the payment page draws one from the account details again.');
    expect((await publicSettings()).payment_qr_path).toBeNull();
    expect((await t.app.inject({ method: 'GET', url: '/api/restaurant-settings/payment-qr' })).statusCode).toBe(404);
    expect((await auditActions('settings'))[0]).toMatchObject({ action: 'settings.payment-qr-removed' });
    const again = await t.app.inject({ method: 'DELETE', url: '/api/staff/restaurant-settings/payment-qr', headers: admin.auth });
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe('No QR image is uploaded.');
  });
});

describe('tables', () => {
  it('admins add, renumber, reseat and retire tables; a retired table leaves the picker and keeps its bookings', async () => {
    const added = await t.app.inject({ method: 'POST', url: '/api/staff/tables', headers: admin.auth, payload: { table_number: 21, capacity: 6 } });
    expect(added.statusCode).toBe(201);
    const id = added.json().data.id as number;
    const date = daysFromNow(11);
    const picker = async () =>
      (await t.app.inject({ method: 'GET', url: `/api/tables/available?date=${date}&time=18:30` })).json().data as { id: number; table_number: number; capacity: number }[];
    expect((await picker()).find((table) => table.id === id)).toEqual({ id, table_number: 21, capacity: 6 });

    const renamed = await t.app.inject({ method: 'PATCH', url: `/api/staff/tables/${id}`, headers: admin.auth, payload: { table_number: 22, capacity: 8 } });
    expect(renamed.statusCode).toBe(200);
    expect((await picker()).find((table) => table.id === id)).toEqual({ id, table_number: 22, capacity: 8 });
    const booked = await book(daysFromNow(12), '17:00', id);
    expect(booked.statusCode).toBe(201);

    const retired = await t.app.inject({ method: 'PATCH', url: `/api/staff/tables/${id}`, headers: admin.auth, payload: { is_active: false } });
    expect(retired.statusCode).toBe(200);
    expect(retired.json().data).toMatchObject({ is_active: false, retired_at: expect.any(String) });
    expect((await picker()).some((table) => table.id === id)).toBe(false);
    expect((await book(daysFromNow(13), '17:00', id)).statusCode).toBe(400);
    // Its booking is still there for staff.
    const kept = await t.app.inject({ method: 'GET', url: `/api/reservations/${booked.json().data.id}`, headers: staff.auth });
    expect(kept.json().data.table_number).toBe(22);
    const floor = (await t.app.inject({ method: 'GET', url: '/api/staff/tables', headers: staff.auth })).json().data as { id: number; state: string }[];
    expect(floor.find((table) => table.id === id)?.state).toBe('inactive');
    expect((await auditActions('table')).slice(0, 3).map((entry) => entry.action)).toEqual(['table.retire', 'table.update', 'table.create']);
  });

  it.each([
    ['POST', { table_number: 1, capacity: 4 }, 409, 'Another table already has that number.'],
    ['POST', { table_number: 0, capacity: 4 }, 400, 'Table numbers are whole numbers from 1 to 999.'],
    ['POST', { table_number: 30, capacity: 21 }, 400, 'Seats must be between 1 and 20.'],
    ['PATCH', { capacity: 'many' }, 400, 'Seats must be between 1 and 20.'],
    ['PATCH', { table_number: 2 }, 409, 'Another table already has that number.'],
  ])('%s refuses %j', async (method, payload, status, message) => {
    const url = method === 'POST' ? '/api/staff/tables' : '/api/staff/tables/1';
    const answer = await t.app.inject({ method: method as 'POST' | 'PATCH', url, headers: admin.auth, payload });
    expect(answer.statusCode).toBe(status);
    expect(answer.json().message).toBe(message);
  });

  it('staff cannot change tables', async () => {
    expect((await t.app.inject({ method: 'POST', url: '/api/staff/tables', headers: staff.auth, payload: { table_number: 40, capacity: 4 } })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'PATCH', url: '/api/staff/tables/1', headers: staff.auth, payload: { is_active: false } })).statusCode).toBe(403);
  });
});
