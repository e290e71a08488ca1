import { restaurantToday } from '@samgyup/shared/reservation';
import type { Browser, Page } from 'playwright-core';
import { createCustomer, logInCustomerViaApi } from '../support/accounts';
import { launchBrowser, trackPageErrors, waitForAddress } from '../support/browser';
import { createStaffAccount } from '../support/create-staff';
import { settleAll } from '../support/site-and-browser';
import { startTestSite, type TestSite } from '../support/test-site';
import { apiOrigin, shellOrigin } from '../support/test-ports';

let site: TestSite;
let browser: Browser;
const staffEmail = `counter.${Date.now()}@samgyup.test`;
const staffPassword = 'counter-tablet-1';

beforeAll(async () => {
  await settleAll([startTestSite().then((started) => (site = started)), launchBrowser().then((launched) => (browser = launched))]);
  const printed = await createStaffAccount(staffEmail, 'Counter Tablet', staffPassword, 'admin');
  expect(printed).toContain('can now log in');
});
afterAll(async () => {
  await browser?.close();
  await site?.close();
});

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

async function staffPage(): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1024, height: 768 } });
  const page = await context.newPage();
  await page.goto(`${shellOrigin}/staff`);
  await waitForAddress(page, `${shellOrigin}/staff/login?next=%2Fstaff`);
  await page.getByRole('button', { name: 'Log in' }).waitFor();
  await page.getByLabel('Email').fill(staffEmail);
  await page.getByLabel('Password', { exact: true }).fill(staffPassword);
  await page.getByRole('button', { name: 'Log in' }).click();
  // The console opens on its dashboard; the counter then goes to the reservations.
  await waitForAddress(page, `${shellOrigin}/staff`);
  await page.getByRole('heading', { name: 'Today at a glance' }).waitFor();
  await page.getByRole('link', { name: 'Reservations' }).click();
  await waitForAddress(page, `${shellOrigin}/staff/reservations`);
  return page;
}

/** A customer's booking four days ahead at 20:00 with its proof sent: pending, waiting for staff. */
async function bookPending(firstName: string, lastName: string) {
  const account = await createCustomer({ first_name: firstName, last_name: lastName });
  const login = await logInCustomerViaApi(account.email, account.password);
  const auth = { Authorization: `Bearer ${login.token}` };
  const [year, month, day] = restaurantToday().split('-').map(Number);
  const date = new Date(Date.UTC(year, month - 1, day + 4)).toISOString().slice(0, 10);
  const tables = (await (await fetch(`${apiOrigin}/api/tables/available?date=${date}&time=20:00`)).json()) as { data: { id: number; table_number: number }[] };
  const booked = await fetch(`${apiOrigin}/api/reservations`, {
    method: 'POST',
    headers: { ...auth, 'Content-Type': 'application/json', 'Idempotency-Key': `e2e-staff-${Date.now()}` },
    body: JSON.stringify({
      customer_name: `${firstName} ${lastName}`,
      phone: '0917 555 0199',
      email: account.email,
      table_id: tables.data[0].id,
      number_of_guests: 2,
      reservation_date: date,
      reservation_time: '20:00',
    }),
  });
  const id = ((await booked.json()) as { data: { id: number } }).data.id;
  const form = new FormData();
  form.append('file', new Blob([PNG], { type: 'image/png' }), 'receipt.png');
  expect((await fetch(`${apiOrigin}/api/reservations/${id}/payment-proof`, { method: 'POST', headers: auth, body: form })).status).toBe(200);
  return { id, login, tableNumber: tables.data[0].table_number };
}

describe('the staff console in the browser', () => {
  it("staff confirm a customer's reservation and the customer's page turns to the confirmed page", async () => {
    const { id, login, tableNumber } = await bookPending('Carla', 'Lim');

    // The customer waits on the pending page in their own browser.
    const customerContext = await browser.newContext({ viewport: { width: 390, height: 844 } });
    await customerContext.addInitScript((user) => localStorage.setItem('user', user), JSON.stringify({ ...login, name: 'Carla Lim' }));
    const customer = await customerContext.newPage();
    const customerErrors = trackPageErrors(customer);
    await customer.goto(`${shellOrigin}/reservation-pending?id=${id}`);
    await customer.getByText(`#${id}`, { exact: true }).waitFor();

    const staff = await staffPage();
    const staffErrors = trackPageErrors(staff);
    await staff.getByRole('button', { name: new RegExp(`#${id} · Table ${tableNumber} · Carla Lim`) }).click();
    const detail = staff.getByRole('complementary', { name: `Reservation #${id}` });
    await detail.getByRole('img', { name: `Proof of payment for reservation #${id}` }).waitFor();
    await detail.getByRole('button', { name: 'Confirm' }).click();
    await staff.getByText(`Reservation #${id} is confirmed. We told Carla Lim.`).waitFor();

    await waitForAddress(customer, `${shellOrigin}/reservation-confirmed?id=${id}`, 30_000);
    await customer.getByRole('heading', { name: 'Reservation confirmed!' }).waitFor();
    await customer.getByText('2 People', { exact: true }).waitFor();
    expect(customerErrors).toEqual([]);
    expect(staffErrors).toEqual([]);
    await customerContext.close();
    await staff.context().close();
  });

  it('staff seat a party, the diner requests a refill with the code, and staff complete it from the queue', async () => {
    const staff = await staffPage();
    const staffErrors = trackPageErrors(staff);
    await staff.getByRole('link', { name: 'Tables' }).click();
    await staff.getByRole('button', { name: 'Seat a party at table 9' }).click();
    const opened = staff.getByText(/Table 9 is open\. Its code is [A-Z0-9]{6}\./);
    await opened.waitFor();
    const code = /code is ([A-Z0-9]{6})/.exec(await opened.innerText())![1];
    await staff.getByRole('img', { name: new RegExp(`code ${code}`) }).waitFor();
    // A reload of the floor (the host stand's tablet) arrives drawn with the seated table and its code.
    const floor = await staff.reload();
    expect(await floor!.text()).toContain(`<span class="staff-table__code">${code}</span>`);
    await staff.locator('html[data-app-ready]').waitFor({ state: 'attached' });

    const dinerContext = await browser.newContext({ viewport: { width: 360, height: 740 } });
    const diner = await dinerContext.newPage();
    await diner.goto(`${shellOrigin}/refilling?code=${code}`);
    expect(await diner.getByLabel('Table code').inputValue()).toBe(code);
    await diner.getByRole('button', { name: 'Continue' }).click();
    await waitForAddress(diner, `${shellOrigin}/refill-request`);
    await diner.getByRole('button', { name: 'One more Rice', exact: true }).click();
    await diner.getByRole('button', { name: 'Submit' }).click();
    await waitForAddress(diner, `${shellOrigin}/refill-request-submitted`);

    await staff.getByRole('link', { name: 'Refill queue' }).click();
    const request = staff.getByRole('listitem', { name: 'Table 9: Rice (1)' });
    await request.waitFor({ timeout: 15_000 });
    // A reload (the kitchen tablet's Wi-Fi dropped) arrives drawn with the queue, and works once the script runs.
    const reloaded = await staff.reload();
    expect(await reloaded!.text()).toContain('aria-label="Table 9: Rice (1)"');
    await staff.locator('html[data-app-ready]').waitFor({ state: 'attached' });
    await request.getByRole('button', { name: 'Completed' }).click();
    await request.waitFor({ state: 'detached', timeout: 15_000 });
    expect(staffErrors).toEqual([]);
    await dinerContext.close();
    await staff.context().close();
  });

  it('the dashboard of a logged-in tablet arrives drawn with today’s figures, painted without script, its controls waiting for it', async () => {
    const staff = await staffPage();
    const context = staff.context();
    const errors = trackPageErrors(staff);
    const cookie = (await context.cookies(shellOrigin)).find((each) => each.name === 'samgyup_session_staffSession');
    expect(cookie).toMatchObject({ sameSite: 'Strict', path: '/' });

    const answer = await staff.goto(`${shellOrigin}/staff`);
    const html = await answer!.text();
    expect(html).toContain('Today at a glance');
    expect(html).toMatch(/Counter Tablet(<!-- -->)? \((<!-- -->)?admin(<!-- -->)?\)/);
    expect(answer!.headers()['cache-control']).toBe('private, no-store');
    // The live console takes over: Log out works once the script runs.
    await staff.locator('html[data-app-ready]').waitFor({ state: 'attached' });
    await staff.getByRole('heading', { name: 'Today at a glance' }).waitFor();
    expect(await staff.getByRole('button', { name: 'Log out' }).isEnabled()).toBe(true);

    const noScripts = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 1024, height: 768 } });
    await noScripts.addCookies([cookie!]);
    const still = await noScripts.newPage();
    await still.goto(`${shellOrigin}/staff`);
    expect(await still.getByRole('heading', { name: 'Today at a glance' }).isVisible()).toBe(true);
    expect(await still.getByRole('button', { name: 'Log out' }).isDisabled()).toBe(true);
    await noScripts.close();

    await staff.getByRole('button', { name: 'Log out' }).click();
    expect((await context.cookies(shellOrigin)).some((each) => each.name === 'samgyup_session_staffSession')).toBe(false);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('the reservations screen arrives drawn with what needs action, its filter and rows waiting for the script', async () => {
    const { id, tableNumber } = await bookPending('Dario', 'Reyes');
    const staff = await staffPage();
    const context = staff.context();
    const errors = trackPageErrors(staff);
    const row = new RegExp(`#${id} · Table ${tableNumber} · Dario Reyes`);

    const answer = await staff.goto(`${shellOrigin}/staff/reservations`);
    const html = await answer!.text();
    expect(html).toContain('Dario Reyes');
    expect(answer!.headers()['cache-control']).toBe('private, no-store');
    await staff.locator('html[data-app-ready]').waitFor({ state: 'attached' });
    // The live screen takes over in place: the row opens the reservation, the filter narrows the list.
    await staff.getByRole('button', { name: row }).click();
    await staff
      .getByRole('complementary', { name: `Reservation #${id}` })
      .getByRole('button', { name: 'Confirm' })
      .waitFor();
    await staff.getByLabel('Show').selectOption('confirmed');
    await waitForAddress(staff, `${shellOrigin}/staff/reservations?id=${id}&view=confirmed`);

    const noScripts = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 1024, height: 768 } });
    await noScripts.addCookies((await context.cookies(shellOrigin)).filter((each) => each.name === 'samgyup_session_staffSession'));
    const still = await noScripts.newPage();
    await still.goto(`${shellOrigin}/staff/reservations`);
    expect(await still.getByRole('button', { name: row }).isVisible()).toBe(true);
    expect(await still.getByRole('button', { name: row }).isDisabled()).toBe(true);
    expect(await still.getByRole('button', { name: 'Search' }).isDisabled()).toBe(true);
    expect(await still.getByLabel('Show').isDisabled()).toBe(true);
    await noScripts.close();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('the menu, promos, reviews and failed messages screens arrive drawn for a logged-in tablet, their buttons waiting for the script', async () => {
    const [item] = ((await (await fetch(`${apiOrigin}/api/inventory/menu/unlimited`)).json()) as { data: { name: string }[] }).data;
    const [review] = ((await (await fetch(`${apiOrigin}/api/feedback/public`)).json()) as { data: { customer_name: string }[] }).data;
    const staff = await staffPage();
    const context = staff.context();
    const errors = trackPageErrors(staff);

    const menu = await staff.goto(`${shellOrigin}/staff/menu`);
    const html = await menu!.text();
    expect(html).toContain(`<strong>${item.name}</strong>`);
    expect(html).not.toContain('Loading the menu…');
    expect(menu!.headers()['cache-control']).toBe('private, no-store');
    await staff.locator('html[data-app-ready]').waitFor({ state: 'attached' });
    // The live screen takes over in place: Edit opens the item's form.
    await staff.getByRole('button', { name: `Edit ${item.name}` }).click();
    await staff.getByRole('heading', { name: `Edit ${item.name}` }).waitFor();

    for (const [path, drawn] of [
      ['/staff/promos', 'New promo'],
      ['/staff/reviews', `aria-label="Review by ${review.customer_name}"`],
      ['/staff/notices', 'Every message went out.'],
    ]) {
      const answer = await staff.goto(`${shellOrigin}${path}`);
      const page = await answer!.text();
      expect(page).toContain(drawn);
      expect(page).not.toMatch(/Loading (the promos|reviews|failed messages|failed refunds)…/);
      await staff.locator('html[data-app-ready]').waitFor({ state: 'attached' });
    }

    const noScripts = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 1024, height: 768 } });
    await noScripts.addCookies((await context.cookies(shellOrigin)).filter((each) => each.name === 'samgyup_session_staffSession'));
    const still = await noScripts.newPage();
    await still.goto(`${shellOrigin}/staff/menu`);
    expect(await still.getByRole('button', { name: `Edit ${item.name}` }).isVisible()).toBe(true);
    expect(await still.getByRole('button', { name: `Edit ${item.name}` }).isDisabled()).toBe(true);
    await noScripts.close();
    expect(errors).toEqual([]);
    await context.close();
  });
});
