import { restaurantToday } from '@samgyup/shared/reservation';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { createCustomer, logInCustomerViaApi } from '../support/accounts';
import { trackPageErrors, waitForAddress, waitForPage } from '../support/browser';
import { waitForMail } from '../support/mailbox';
import { withSiteAndBrowser } from '../support/site-and-browser';
import { staffHeaders } from '../support/staff-token';
import { apiOrigin, shellOrigin } from '../support/test-ports';

let browser: Browser;

withSiteAndBrowser((_site, launched) => (browser = launched));

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
// Each run books days of its own, far enough ahead to be inside the change cutoff's window.
const runOffset = 60 + (Math.floor(Date.now() / 1000) % 200);

function daysFromNow(days: number): string {
  const [year, month, day] = restaurantToday().split('-').map(Number);
  return new Date(Date.UTC(year, month - 1, day + days)).toISOString().slice(0, 10);
}

async function api<T>(method: string, url: string, headers: Record<string, string> = {}, body?: unknown): Promise<{ status: number; json: T }> {
  const response = await fetch(`${apiOrigin}${url}`, {
    method,
    headers: { ...headers, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, json: (await response.json()) as T };
}

interface Table {
  id: number;
  table_number: number;
  capacity: number;
}

const freeTables = async (date: string, time: string) => (await api<{ data: Table[] }>('GET', `/api/tables/available?date=${date}&time=${time}`)).json.data;

/** A logged-in customer: the API's login answer and a browser context that is logged in as them. */
async function diner(first: string) {
  const account = await createCustomer({ first_name: first, last_name: 'Diner' });
  const login = await logInCustomerViaApi(account.email, account.password);
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  await context.addInitScript((user) => localStorage.setItem('user', user), JSON.stringify({ ...login, name: `${first} Diner` }));
  return { account, auth: { Authorization: `Bearer ${login.token}` }, context };
}

/** Books `table` for `email` as `auth`, and staff confirm it (so it does not count against the customer's waiting bookings). */
async function bookConfirmed(auth: Record<string, string>, email: string, table: Table, date: string, time: string): Promise<number> {
  const booked = await api<{ data: { id: number } }>('POST', '/api/reservations', auth, {
    customer_name: 'Ana Cruz',
    phone: '0917 555 0142',
    email,
    table_id: table.id,
    number_of_guests: 2,
    reservation_date: date,
    reservation_time: time,
  });
  expect(booked.status).toBe(201);
  const confirmed = await api('POST', `/api/staff/reservations/${booked.json.data.id}/confirm`, staffHeaders());
  expect(confirmed.status).toBe(200);
  return booked.json.data.id;
}

const manageLinkIn = (text: string) => /(https?:\/\/\S+\/reservation-manage\?token=[\w-]+)/.exec(text)![1];
const claimLinkIn = (text: string) => /(https?:\/\/\S+\/reservation-claim\?token=[\w-]+)/.exec(text)![1];

async function openPage(context: BrowserContext, url: string): Promise<{ page: Page; errors: string[] }> {
  const page = await context.newPage();
  const errors = trackPageErrors(page);
  await page.goto(url);
  return { page, errors };
}

describe("the diner's booking lifecycle in the browser", () => {
  it('a diner cancels through the manage link from the message, the slot frees, and the waitlisted party is offered it and claims it', async () => {
    const date = daysFromNow(runOffset);
    const time = '20:00';
    const booker = await diner('Tess');
    const cancelling = `cancelling.${Date.now()}@example.com`;
    const tables = await freeTables(date, time);
    expect(tables).toHaveLength(10);
    // Every table of the slot taken; the one for two is the cancelling diner's.
    const smallest = tables.find((table) => table.capacity === 2)!;
    for (const table of tables)
      await bookConfirmed(booker.auth, table.id === smallest.id ? cancelling : `other.${table.table_number}.${Date.now()}@example.com`, table, date, time);
    expect(await freeTables(date, time)).toEqual([]);

    // The waitlisted party joins in their browser.
    const waiting = await diner('Wena');
    const { page: waitlist, errors: waitlistErrors } = await openPage(waiting.context, `${shellOrigin}/reservation-waitlist?date=${date}&time=${time}&guests=2`);
    await waitlist.getByLabel('Mobile number').fill('0918 555 0199');
    await waitlist.getByRole('button', { name: 'Join the waitlist' }).click();
    await waitlist.getByText('You are on the waitlist. If a table frees up, we will send you a link to claim it.').waitFor();

    // The cancelling diner opens the link from their confirmation message.
    const confirmation = await waitForMail(cancelling, 10_000, 'Your table at Samgyup Plaridel is confirmed');
    const link = manageLinkIn(confirmation.text);
    expect(link.startsWith(`${shellOrigin}/reservation-manage?token=`)).toBe(true);
    const visitor = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const { page: manage, errors: manageErrors } = await openPage(visitor, link);
    await manage.getByText(`Table ${smallest.table_number}`, { exact: true }).waitFor();
    await manage.getByText(/^If you cancel: Your ₱100 down payment is refunded/).waitFor();
    await manage.getByRole('button', { name: 'Cancel this reservation' }).click();
    await manage.getByRole('button', { name: 'Yes, cancel my reservation' }).click();
    await manage.getByText('Your reservation is cancelled.').waitFor();
    await manage.getByTestId('manage-status').getByText('Cancelled').waitFor();
    const cancelled = await waitForMail(cancelling, 10_000, 'Your reservation at Samgyup Plaridel is cancelled');
    expect(cancelled.text).toContain('Your ₱100 down payment is refunded');

    // The freed table goes to the waiting party: an offer by mail, claimed in their browser.
    const offer = await waitForMail(waiting.account.email, 30_000, 'A table is free at Samgyup Plaridel');
    expect(offer.text).toContain(`Table ${smallest.table_number} is free for 2`);
    const { page: claim, errors: claimErrors } = await openPage(waiting.context, claimLinkIn(offer.text));
    await claim.getByText(new RegExp(`^Table ${smallest.table_number} is free for 2`)).waitFor();
    await claim.getByRole('button', { name: 'Claim this table' }).click();
    await waitForPage(claim, `${shellOrigin}/reservation-upload`);
    const saved = claim.getByText(/Reservation #(\d+) saved/);
    await saved.waitFor({ timeout: 20_000 });
    const id = Number(/#(\d+)/.exec(await saved.innerText())![1]);
    await claim.getByText(/Upload your proof of payment by .* minutes left/).waitFor();
    await claim.locator('input[type="file"]').setInputFiles({ name: 'receipt.png', mimeType: 'image/png', buffer: PNG });
    await claim.getByRole('button', { name: 'Submit proof of payment' }).click();
    await waitForAddress(claim, `${shellOrigin}/reservation-pending?id=${id}`, 20_000);
    const claimed = await api<{ data: { table_id: number; reservation_date: string; reservation_time: string; payment_status: string } }>(
      'GET',
      `/api/reservations/${id}`,
      waiting.auth,
    );
    expect(claimed.json.data).toMatchObject({ table_id: smallest.id, reservation_date: date, reservation_time: time, payment_status: 'pending_review' });

    expect([...waitlistErrors, ...manageErrors, ...claimErrors]).toEqual([]);
    await Promise.all([booker.context.close(), waiting.context.close(), visitor.close()]);
  }, 120_000);

  it('a diner moves their reservation through the manage link, and the old slot is free again', async () => {
    const from = daysFromNow(runOffset + 1);
    const to = daysFromNow(runOffset + 2);
    const mover = await diner('Milo');
    const email = `moving.${Date.now()}@example.com`;
    const [table] = (await freeTables(from, '18:30')).filter((candidate) => candidate.capacity >= 2);
    const id = await bookConfirmed(mover.auth, email, table, from, '18:30');
    expect((await freeTables(from, '18:30')).map((free) => free.id)).not.toContain(table.id);

    const link = manageLinkIn((await waitForMail(email, 10_000, 'Your table at Samgyup Plaridel is confirmed')).text);
    const { page, errors } = await openPage(mover.context, link);
    await page.getByRole('button', { name: 'Move my reservation' }).waitFor();
    await page.getByLabel('New date').fill(to);
    await page.getByLabel('New time').selectOption('17:00');
    await page.getByRole('option', { name: new RegExp(`^Table ${table.table_number} `) }).waitFor({ state: 'attached' });
    await page.getByRole('button', { name: 'Move my reservation' }).click();
    await page.getByText('Your reservation has moved. We sent you an updated calendar file.').waitFor();

    expect((await freeTables(from, '18:30')).map((free) => free.id)).toContain(table.id);
    expect((await freeTables(to, '17:00')).map((free) => free.id)).not.toContain(table.id);
    const moved = await api<{ data: { id: number; reservation_date: string; reservation_time: string } }>('GET', `/api/reservations/${id}`, mover.auth);
    expect(moved.json.data).toMatchObject({ id, reservation_date: to, reservation_time: '17:00' });
    expect((await waitForMail(email, 10_000, 'Your reservation at Samgyup Plaridel has moved')).text).toContain('Your reservation moved from');
    expect(errors).toEqual([]);
    await mover.context.close();
  }, 90_000);

  it('a hold without a proof of payment ends after the policy time: the upload page says so and the table is free again', async () => {
    const admin = staffHeaders('admin');
    const policy = (await api<{ data: Record<string, unknown> }>('GET', '/api/staff/booking-policy', admin)).json.data;
    const { updated_by: _by, updated_at: _at, ...fields } = policy;
    expect((await api('PUT', '/api/staff/booking-policy', admin, { ...fields, hold_minutes: 1 })).status).toBe(200);
    try {
      const date = daysFromNow(runOffset + 3);
      const holder = await diner('Hana');
      const [table] = await freeTables(date, '17:00');
      // The reservation being made, as the form leaves it for the upload page.
      await holder.context.addInitScript(
        (draft) => localStorage.setItem('pendingReservation', draft),
        JSON.stringify({
          customer_name: 'Hana Diner',
          email: holder.account.email,
          phone: '0917 555 0177',
          reservation_date: date,
          time_label: '5:00 PM - 6:30 PM',
          reservation_time: '17:00',
          table_id: table.id,
          table_number: table.table_number,
          number_of_guests: 2,
          occasion: null,
          notes: null,
          idempotency_key: `e2e-hold-${Date.now()}`,
        }),
      );
      const { page, errors } = await openPage(holder.context, `${shellOrigin}/reservation-upload`);
      await page.getByText(/Reservation #\d+ saved/).waitFor({ timeout: 20_000 });
      await page.getByText(/Upload your proof of payment by .*: 1 minute left/).waitFor();
      expect((await freeTables(date, '17:00')).map((free) => free.id)).not.toContain(table.id);

      await page.getByText(/The hold on this table ended at/).waitFor({ timeout: 90_000 });
      expect((await freeTables(date, '17:00')).map((free) => free.id)).toContain(table.id);
      expect(errors).toEqual([]);
      await holder.context.close();
    } finally {
      await api('PUT', '/api/staff/booking-policy', admin, fields);
    }
  }, 150_000);
});
