import { MONTH_NAMES, restaurantToday } from '@samgyup/shared/reservation';
import type { Browser, Page } from 'playwright-core';
import { createCustomer, logInCustomerViaApi } from '../support/accounts';
import { launchBrowser, trackPageErrors, waitForAddress, waitForPage } from '../support/browser';
import { createStaffAccount } from '../support/create-staff';
import { settleAll } from '../support/site-and-browser';
import { startTestSite, type TestSite } from '../support/test-site';
import { apiOrigin, shellOrigin } from '../support/test-ports';

let site: TestSite;
let browser: Browser;
const ownerEmail = `owner.${Date.now()}@samgyup.test`;
const ownerPassword = 'owner-of-the-grill-1';

beforeAll(async () => {
  await settleAll([startTestSite().then((started) => (site = started)), launchBrowser().then((launched) => (browser = launched))]);
  expect(await createStaffAccount(ownerEmail, 'Owner', ownerPassword, 'admin')).toContain('can now log in');
});
afterAll(async () => {
  await browser?.close();
  await site?.close();
});

function daysFromNow(days: number): { iso: string; year: number; month: number; day: number } {
  const [year, month, day] = restaurantToday().split('-').map(Number);
  const date = new Date(Date.UTC(year, month - 1, day + days));
  return { iso: date.toISOString().slice(0, 10), year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate() };
}

async function ownerConsole(viewport = { width: 1024, height: 768 }): Promise<Page> {
  const page = await browser.newPage({ viewport });
  await page.goto(`${shellOrigin}/staff`);
  await waitForAddress(page, `${shellOrigin}/staff/login?next=%2Fstaff`);
  await page.getByRole('button', { name: 'Log in' }).waitFor();
  await page.getByLabel('Email').fill(ownerEmail);
  await page.getByLabel('Password', { exact: true }).fill(ownerPassword);
  await page.getByRole('button', { name: 'Log in' }).click();
  await waitForAddress(page, `${shellOrigin}/staff`);
  return page;
}

/** A logged-in customer's browser, as the site keeps the session. */
async function customerPage(): Promise<{ page: Page; token: string; email: string }> {
  const account = await createCustomer({ first_name: 'Rosa', last_name: 'Diaz' });
  const login = await logInCustomerViaApi(account.email, account.password);
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  await context.addInitScript((user) => localStorage.setItem('user', user), JSON.stringify({ ...login, name: 'Rosa Diaz' }));
  return { page: await context.newPage(), token: login.token, email: account.email };
}

const formAddress = (date: ReturnType<typeof daysFromNow>, time = '6:30 PM - 8:00 PM') =>
  `${shellOrigin}/reservation-form?${new URLSearchParams({ date: String(date.day), month: MONTH_NAMES[date.month - 1], year: String(date.year), time })}`;

async function openSettings(page: Page) {
  await page.getByRole('link', { name: 'Settings' }).click();
  await waitForAddress(page, `${shellOrigin}/staff/settings`);
  await page.getByRole('heading', { name: 'Restaurant settings' }).waitFor();
}

describe('the owner runs the restaurant from the console', () => {
  it('the dashboard is the first screen: today at a glance, and charts with their figures, readable on a phone', async () => {
    const page = await ownerConsole({ width: 390, height: 844 });
    const errors = trackPageErrors(page);
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
    await page.getByRole('heading', { name: 'Today at a glance' }).waitFor();
    for (const term of ['Bookings today', 'Seated tables', 'Open refill requests', 'Proofs to check']) await page.getByText(term, { exact: true }).waitFor();
    await page.getByRole('table', { name: 'Bookings by slot today' }).waitFor();
    // Each chart is drawn as it scrolls into view (a canvas inside a box named by its summary) and fits the phone's width.
    await page.getByText('Bookings and guests per day', { exact: true }).scrollIntoViewIfNeeded();
    const chart = page.getByRole('img', { name: /^Bookings and guests per day: \d+ bookings for \d+ guests/ });
    await chart.locator('canvas').first().waitFor();
    const box = await chart.boundingBox();
    expect(box!.width).toBeLessThanOrEqual(390);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.getByText('Slot occupancy: the figures').click();
    await page.getByRole('row', { name: /^5:00 PM - 6:30 PM \d+ of \d+ \d+ of \d+ \d+%$/ }).waitFor();
    expect(errors).toEqual([]);
    await page.close();
  });

  it('a closed date is refused by the calendar and the API; a retired table leaves the picker', async () => {
    const owner = await ownerConsole();
    const ownerErrors = trackPageErrors(owner);
    await openSettings(owner);
    const closed = daysFromNow(45);
    await owner.getByLabel('Date to close').fill(closed.iso);
    await owner.getByLabel('Reason (diners see it)').fill('Private event');
    await owner.getByRole('button', { name: 'Close this date' }).click();
    await owner.getByText(`${closed.iso} is closed for bookings.`).waitFor();

    const tableNumber = 60 + Math.floor(Math.random() * 900);
    await owner.getByLabel('New table number').fill(String(tableNumber));
    await owner.getByLabel('New table seats').fill('6');
    await owner.getByRole('button', { name: 'Add table' }).click();
    await owner.getByText(`Table ${tableNumber} added.`).waitFor();

    const { page, token, email } = await customerPage();
    const customerErrors = trackPageErrors(page);
    await page.goto(`${shellOrigin}/reservation-date`);
    const [year, month] = restaurantToday().split('-').map(Number);
    await page.getByRole('heading', { name: `${MONTH_NAMES[month - 1]} ${year}` }).waitFor();
    for (let shown = year * 12 + month; shown < closed.year * 12 + closed.month; shown += 1) await page.getByRole('button', { name: 'Next month' }).click();
    const closedDay = page.getByRole('button', { name: new RegExp(`${MONTH_NAMES[closed.month - 1]} ${closed.day}, ${closed.year}, closed: Private event`) });
    expect(await closedDay.getAttribute('aria-disabled')).toBe('true');
    // Playwright waits for an aria-disabled button to be enabled; a diner can still tap it to learn why.
    await closedDay.click({ force: true });
    await page.getByText(`${MONTH_NAMES[closed.month - 1]} ${closed.day}: we are closed (Private event). Please choose another day.`).waitFor();
    expect(await page.getByRole('button', { name: 'Next', exact: true }).isDisabled()).toBe(true);
    await page.getByText('Closed (striped)').waitFor();
    const refused = await fetch(`${apiOrigin}/api/reservations`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({
        customer_name: 'Rosa Diaz',
        phone: '0917 555 0100',
        email,
        table_id: 1,
        number_of_guests: 2,
        reservation_date: closed.iso,
        reservation_time: '18:30',
      }),
    });
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { message: string }).message).toBe('The restaurant is closed that day (Private event). Please choose another date.');

    // The new table is in the picker; once retired, it is not.
    const open = daysFromNow(46);
    await page.goto(formAddress(open));
    await page
      .locator('label')
      .filter({ hasText: `Table ${tableNumber}` })
      .waitFor();
    await owner.getByRole('button', { name: `Retire table ${tableNumber}` }).click();
    await owner.getByText(`Table ${tableNumber} is retired.`).waitFor();
    await owner.getByRole('button', { name: `Bring table ${tableNumber} back` }).waitFor();
    await page.reload();
    await page.locator('label').filter({ hasText: 'Table 1' }).first().waitFor();
    expect(
      await page
        .locator('label')
        .filter({ hasText: `Table ${tableNumber}` })
        .count(),
    ).toBe(0);

    // Both changes are in the audit log, with who made them.
    await owner.getByRole('link', { name: 'Audit log' }).click();
    await owner.getByText(`Table ${tableNumber}`, { exact: true }).first().waitFor();
    await owner.getByText(`Closed ${closed.iso}`, { exact: true }).waitFor();
    expect(await owner.getByText(ownerEmail, { exact: false }).count()).toBeGreaterThan(1);

    await owner.goto(`${shellOrigin}/staff/settings`);
    await owner.getByRole('button', { name: `Open ${MONTH_NAMES[closed.month - 1]} ${closed.day}, ${closed.year} again` }).click();
    await owner.getByText(`${closed.iso} takes bookings again.`).waitFor();
    expect(ownerErrors).toEqual([]);
    expect(customerErrors).toEqual([]);
    await owner.close();
    await page.context().close();
  });

  it('a new down payment is what the upload page asks for and what the API records', async () => {
    const owner = await ownerConsole();
    await openSettings(owner);
    const setDownPayment = async (pesos: number) => {
      await owner.getByLabel('Down payment (pesos)').fill(String(pesos));
      await owner.getByRole('button', { name: 'Save payment settings' }).click();
      await owner.getByText('Settings saved. The site shows them now.').waitFor();
    };
    await owner.getByLabel('Down payment (pesos)').fill('12.5');
    await owner.getByRole('button', { name: 'Save payment settings' }).click();
    await owner.getByText('Enter a down payment from 0 to 10000 pesos, in whole pesos.').waitFor();
    await setDownPayment(150);
    try {
      const { page, token } = await customerPage();
      const errors = trackPageErrors(page);
      await page.goto(formAddress(daysFromNow(47)));
      await page.getByLabel('Phone').fill('0917 555 0100');
      await page.locator('label').filter({ hasText: 'Table 2' }).first().click();
      await page.getByRole('button', { name: 'Continue to payment' }).click();
      await waitForPage(page, `${shellOrigin}/reservation-upload`);
      const saved = page.getByText(/Reservation #\d+ saved/);
      await saved.waitFor();
      await page.getByRole('heading', { name: 'Pay the ₱150 down payment' }).waitFor();
      await page.getByRole('img', { name: /QR code for paying ₱150 to / }).waitFor();
      const id = Number(/#(\d+)/.exec(await saved.innerText())![1]);
      const reservation = await fetch(`${apiOrigin}/api/reservations/${id}`, { headers: { Authorization: `Bearer ${token}` } });
      expect(((await reservation.json()) as { data: { down_payment_due: number } }).data.down_payment_due).toBe(150);
      expect(errors).toEqual([]);
      await page.context().close();

      // First screens are drawn again with the settings (every 30 s): the home page and /reservation, before any script runs.
      const firstScreen = async (address: string, text: string) => {
        for (const started = Date.now(); Date.now() - started < 45_000; await new Promise((resolve) => setTimeout(resolve, 1000))) {
          if ((await (await fetch(address)).text()).includes(text)) return true;
        }
        return false;
      };
      const [home, landing] = await Promise.all([firstScreen(`${shellOrigin}/`, 'with a ₱150 down payment'), firstScreen(`${shellOrigin}/reservation`, '₱150 down payment')]);
      expect({ home, landing }).toEqual({ home: true, landing: true });
    } finally {
      await setDownPayment(100);
      await owner.close();
    }
  }, 120_000);
});
