import type { TestApp } from '../../test/create-test-app';
import { seededAppWithStaffAndAdmin } from '../../test/seeded-app';
import { bookTable, daysFromNow, manageTokenIn, outboxTo } from '../../test/booking-helper';
import { queueDueReminders } from './reminders';
import { runBookingSweep } from '../periodic-work';

let t: TestApp;
let staff: Record<string, string>;
let admin: Record<string, string>;
beforeAll(async () => ({ t, staffAuth: staff, adminAuth: admin } = await seededAppWithStaffAndAdmin({ RATE_LIMIT_ENABLED: 'false' })));
afterAll(() => t.close());

const setLeads = async (first: number, second: number) => {
  const answer = await t.app.inject({
    method: 'PUT',
    url: '/api/staff/booking-policy',
    headers: admin,
    payload: { change_cutoff_hours: 24, refund_on_cancel: true, hold_minutes: 30, first_reminder_minutes: first, second_reminder_minutes: second, waitlist_offer_minutes: 15 },
  });
  expect(answer.statusCode).toBe(200);
};

const reminders = (email: string) => outboxTo(t.config.mailboxDir, email).filter((mail) => mail.subject?.startsWith('Reminder:'));

let table = 0;
const nextTable = () => (table++ % 10) + 1;

describe('reminders', () => {
  it('sends the second reminder once inside its window, however many sweeps run at once or again', async () => {
    // Slots two days ahead are inside a second reminder 10000 minutes (about 6.9 days) ahead, and past the first's window.
    await setLeads(10080, 10000);
    const booked = await bookTable(t, { date: daysFromNow(2), time: '20:00', tableNumber: nextTable(), staffAuth: staff });
    await Promise.all([queueDueReminders(t.app), queueDueReminders(t.app), runBookingSweep(t.app)]);
    await queueDueReminders(t.app);
    const sent = reminders(booked.customer.user.email);
    expect(sent).toHaveLength(1);
    expect(sent[0].subject).toMatch(/^Reminder: your table at Samgyup Plaridel on /);
    expect(manageTokenIn(sent[0].text)).toMatch(new RegExp(`^${booked.reservation.id}-`));
    expect(outboxTo(t.config.sms.outboxDir, booked.phone).filter((text) => text.text.includes('reminder'))).toHaveLength(1);
    const [{ count }] = await t.db.query<{ count: number }>(`SELECT count(*)::int AS count FROM notices WHERE reservation_id = $1 AND kind = 'reservation.reminder'`, [
      booked.reservation.id,
    ]);
    expect(count).toBe(2);
  });

  it('sends the first reminder when its lead time comes, and the second only later', async () => {
    await setLeads(10080, 60);
    const booked = await bookTable(t, { date: daysFromNow(3), time: '18:30', tableNumber: nextTable(), staffAuth: staff });
    await queueDueReminders(t.app);
    await queueDueReminders(t.app);
    const [first] = await t.db.query<{ dedupe_key: string }>(`SELECT dedupe_key FROM notices WHERE reservation_id = $1 AND kind = 'reservation.reminder' AND channel = 'email'`, [
      booked.reservation.id,
    ]);
    expect(first.dedupe_key).toBe(`reminder-first:${booked.reservation.id}:${daysFromNow(3)}T18:30:email`);
    expect(reminders(booked.customer.user.email)).toHaveLength(1);
    // The second lead time reached (moved to about 4.2 days, so it is now): the second reminder follows, once.
    await setLeads(10080, 6000);
    await queueDueReminders(t.app);
    await queueDueReminders(t.app);
    expect(reminders(booked.customer.user.email)).toHaveLength(2);
  });

  it('reminds a moved reservation for its new slot, and never a cancelled or unconfirmed one', async () => {
    await setLeads(10080, 10000);
    const moved = await bookTable(t, { date: daysFromNow(2), time: '17:00', tableNumber: nextTable(), staffAuth: staff });
    await queueDueReminders(t.app);
    const token = manageTokenIn(outboxTo(t.config.mailboxDir, moved.customer.user.email)[0].text);
    const answer = await t.app.inject({
      method: 'POST',
      url: `/api/reservations/manage/${token}/reschedule`,
      payload: { reservation_date: daysFromNow(3), reservation_time: '17:00' },
    });
    expect(answer.statusCode).toBe(200);
    await queueDueReminders(t.app);
    expect(reminders(moved.customer.user.email)).toHaveLength(2);

    const cancelled = await bookTable(t, { date: daysFromNow(2), time: '18:30', tableNumber: nextTable(), staffAuth: staff });
    const cancelToken = manageTokenIn(outboxTo(t.config.mailboxDir, cancelled.customer.user.email)[0].text);
    expect((await t.app.inject({ method: 'POST', url: `/api/reservations/manage/${cancelToken}/cancel` })).statusCode).toBe(200);
    const unconfirmed = await bookTable(t, { date: daysFromNow(2), time: '18:30', tableNumber: nextTable() });
    await queueDueReminders(t.app);
    expect(reminders(cancelled.customer.user.email)).toEqual([]);
    expect(reminders(unconfirmed.customer.user.email)).toEqual([]);
  });
});
