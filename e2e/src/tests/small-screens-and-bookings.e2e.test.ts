// What a diner notices on a small phone (WCAG reflow at 320 px) and over a booking's whole life, in Chromium.
import { restaurantToday } from '@samgyup/shared/reservation';
import type { Browser, Page } from 'playwright-core';
import { createCustomer, logInCustomerViaApi } from '../support/accounts';
import { trackPageErrors, waitForAddress } from '../support/browser';
import { withSiteAndBrowser } from '../support/site-and-browser';
import { apiOrigin, shellOrigin } from '../support/test-ports';

let browser: Browser;
withSiteAndBrowser((_site, launched) => (browser = launched));

const SMALL = { width: 320, height: 640 };

function daysFromNow(days: number): string {
  const [year, month, day] = restaurantToday().split('-').map(Number);
  return new Date(Date.UTC(year, month - 1, day + days)).toISOString().slice(0, 10);
}

/** How far the page reaches past the window's right edge, and the elements that stick out (empty when it fits). */
async function overflow(page: Page): Promise<{ scrollWidth: number; widest: string[] }> {
  return page.evaluate(() => {
    const limit = document.documentElement.clientWidth;
    const widest = Array.from(document.querySelectorAll('body *'))
      .filter((element) => element.getBoundingClientRect().right > limit + 0.5 && element.getClientRects().length > 0)
      .slice(0, 5)
      .map((element) => `${element.tagName.toLowerCase()}.${Array.from(element.classList).join('.')} (${Math.round(element.getBoundingClientRect().right)} px)`);
    return { scrollWidth: document.documentElement.scrollWidth, widest };
  });
}

/** Visible inside the 320 px window, not cut off at its right edge. */
async function fullyInView(page: Page, name: string, role: 'button' | 'link' | 'columnheader') {
  const box = (await page.getByRole(role, { name, exact: true }).first().boundingBox())!;
  expect({ name, right: Math.round(box.x + box.width) <= SMALL.width, left: box.x >= 0 }).toEqual({ name, right: true, left: true });
}

async function dinerWithBooking(first: string) {
  const account = await createCustomer({ first_name: first, last_name: 'Diner' });
  const login = await logInCustomerViaApi(account.email, account.password);
  const auth = { Authorization: `Bearer ${login.token}`, 'Content-Type': 'application/json' };
  const date = daysFromNow(90 + (Math.floor(Date.now() / 1000) % 50));
  const tables = (await (await fetch(`${apiOrigin}/api/tables/available?date=${date}&time=17:00`)).json()) as { data: { id: number; capacity: number }[] };
  const booked = await fetch(`${apiOrigin}/api/reservations`, {
    method: 'POST',
    headers: auth,
    body: JSON.stringify({
      customer_name: `${first} Diner`,
      phone: '0917 555 0142',
      email: account.email,
      table_id: tables.data.find((table) => table.capacity >= 2)!.id,
      number_of_guests: 2,
      reservation_date: date,
      reservation_time: '17:00',
    }),
  });
  expect(booked.status).toBe(201);
  const context = await browser.newContext({ viewport: SMALL });
  await context.addInitScript((user) => localStorage.setItem('user', user), JSON.stringify({ ...login, name: `${first} Diner` }));
  return { context, id: ((await booked.json()) as { data: { id: number } }).data.id, date };
}

describe('at 320 px', () => {
  it('the date and form pages fit without sideways scrolling: Saturday, next month and close stay in view', async () => {
    const context = await browser.newContext({ viewport: SMALL });
    const page = await context.newPage();
    for (const path of ['/reservation-date', '/reservation-form']) {
      await page.goto(`${shellOrigin}${path}`);
      await page.locator('html[data-app-ready]').waitFor({ state: 'attached' });
      await page.getByRole('button', { name: 'Next month' }).waitFor();
      expect({ path, ...(await overflow(page)) }).toEqual({ path, scrollWidth: SMALL.width, widest: [] });
      await fullyInView(page, 'SAT', 'columnheader');
      await fullyInView(page, 'Next month', 'button');
      await fullyInView(page, 'Close calendar', 'link');
    }
    await context.close();
  }, 120_000);

  it('every other public page fits too', async () => {
    const context = await browser.newContext({ viewport: SMALL });
    const page = await context.newPage();
    const found: Record<string, string[]> = {};
    for (const path of [
      '/',
      '/login',
      '/register',
      '/featuremenu',
      '/promos',
      '/feedback',
      '/refilling',
      '/refill-request',
      '/reservation',
      '/signup',
      '/login-reservation',
      '/my-reservations',
      '/privacy-policy',
      '/no-such-page',
    ]) {
      await page.goto(`${shellOrigin}${path}`);
      await page.locator('html[data-app-ready]').waitFor({ state: 'attached' });
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      const { scrollWidth, widest } = await overflow(page);
      if (scrollWidth > SMALL.width) found[path] = widest;
    }
    expect(found).toEqual({});
    await context.close();
  }, 300_000);
});

describe("a booking's whole life, from My reservations on a small phone", () => {
  it('offers the upload and the QR tools, then moves and cancels the booking there, focusing each answer, and lists it as cancelled with what happens to the down payment', async () => {
    const { context, id } = await dinerWithBooking('Lia');
    const page = await context.newPage();
    const errors = trackPageErrors(page);
    await page.goto(`${shellOrigin}/my-reservations`);
    const upcoming = page.getByRole('region', { name: 'Upcoming' });
    await upcoming.getByRole('link', { name: `Upload proof of payment for reservation #${id}` }).click();
    await waitForAddress(page, `${shellOrigin}/reservation-upload?id=${id}`);
    await page.getByRole('heading', { level: 1, name: 'Payment' }).waitFor();
    expect(await page.title()).toMatch(/^Pay the down payment/);
    await page.getByRole('button', { name: 'Save QR image' }).waitFor();
    await page.getByRole('button', { name: 'Copy account number' }).click();
    await page.getByText(/Account number .* copied\.|Your browser did not let us copy it/).waitFor();
    expect((await overflow(page)).widest).toEqual([]);

    await page.goto(`${shellOrigin}/my-reservations`);
    await page.getByRole('link', { name: `Cancel or move reservation #${id}` }).click();
    await waitForAddress(page, `${shellOrigin}/reservation-manage?id=${id}`);
    // In-app navigation: the new page's title, and focus on its main content.
    await page.getByRole('heading', { level: 1, name: 'Your reservation' }).waitFor();
    await page.waitForFunction(() => document.activeElement?.id === 'main-content');
    expect(await page.title()).toMatch(/^Manage your reservation/);
    const newDate = await page.getByLabel('New date').getAttribute('min');
    await page.getByLabel('New date').fill(daysFromNow(95 + (Math.floor(Date.now() / 1000) % 50)));
    await page.getByLabel('New time').selectOption('20:00');
    await page.getByLabel('Table').waitFor();
    expect(newDate).toBeTruthy();
    await page.getByRole('button', { name: 'Move my reservation' }).click();
    const moved = page.getByTestId('manage-notice');
    await moved.getByText('Your reservation has moved.', { exact: false }).waitFor();
    expect(await moved.evaluate((element) => element === document.activeElement)).toBe(true);
    expect(await moved.isVisible()).toBe(true);

    await page.getByRole('button', { name: 'Cancel this reservation' }).click();
    await page.getByRole('button', { name: 'Yes, cancel my reservation' }).click();
    await page.getByTestId('manage-notice').getByText('Your reservation is cancelled.').waitFor();
    const notice = page.getByTestId('manage-notice');
    expect(await notice.evaluate((element) => element === document.activeElement)).toBe(true);
    const box = (await notice.boundingBox())!;
    expect(box.y >= 0 && box.y + box.height <= SMALL.height).toBe(true);
    expect((await overflow(page)).widest).toEqual([]);

    await page.getByRole('link', { name: 'Back to my reservations' }).click();
    const cancelled = page.getByRole('region', { name: 'Cancelled or declined' });
    await cancelled.getByText(/Cancelled by you/).waitFor();
    expect(await page.getByRole('region', { name: 'Upcoming' }).getByText('No upcoming reservations.').isVisible()).toBe(true);
    await cancelled.getByRole('link', { name: new RegExp(`^#${id} `) }).click();
    await page.getByRole('heading', { level: 1, name: 'Reservation cancelled' }).waitFor();
    await page.getByText('You cancelled this reservation').waitFor();
    await page.getByText('No down payment has been paid, so nothing is refunded or kept.').waitFor();
    expect(await page.getByText('Reservation submitted!').count()).toBe(0);
    expect(await page.getByText(/could not confirm/).count()).toBe(0);
    // The tab says it too, after a move inside the site and when the page is opened anew.
    await page.waitForFunction(() => document.title === 'Reservation cancelled · Samgyup Plaridel');
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Reservation cancelled' }).waitFor();
    await page.waitForFunction(() => document.title === 'Reservation cancelled · Samgyup Plaridel');
    expect(errors).toEqual([]);
    await context.close();
  }, 180_000);
});
