// Every public route and every staff screen, at a phone's and a laptop's width, checked with axe-core
// (WCAG 2.0 to 2.2, A and AA, and best practices): no violation anywhere.
import { readFileSync } from 'node:fs';
import { restaurantToday } from '@samgyup/shared/reservation';
import type { AxeResults } from 'axe-core';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { createCustomer, logInCustomerViaApi } from '../support/accounts';
import { createStaffAccount } from '../support/create-staff';
import { withSiteAndBrowser } from '../support/site-and-browser';
import { apiOrigin, shellOrigin } from '../support/test-ports';

/** Every page a visitor can open, as a visitor sees it (the last is an address no page has: the 404 page). */
const PUBLIC_ROUTES = [
  '/',
  '/login',
  '/register',
  '/reset-password',
  '/reset-success',
  '/privacy-policy',
  '/terms',
  '/test-env',
  '/featuremenu',
  '/unlimited',
  '/alacarte',
  '/sidedish',
  '/promos',
  '/feedback',
  '/feedback-form',
  '/feedback-submitted',
  '/refilling',
  '/refill-request',
  '/refill-request-submitted',
  '/timesup',
  '/reservation',
  '/signup',
  '/login-reservation',
  '/reset-reservation',
  '/success-new-password-reservation',
  '/reservation-date',
  '/reservation-form',
  '/reservation-upload',
  '/reservation-pending',
  '/reservation-confirmed',
  '/reservation-paid',
  '/reservation-manage',
  '/my-reservations',
  '/reservation-waitlist',
  '/reservation-claim',
  '/no-such-page',
];

/**
 * The staff console's screens, opened by a logged-in admin. A screen added to the console is added here
 * (its path, and the heading it shows once drawn).
 */
export const STAFF_SCREENS: { path: string; heading: string }[] = [
  { path: '/staff', heading: 'Dashboard' },
  { path: '/staff/reservations', heading: 'Reservations' },
  { path: '/staff/tables', heading: 'Tables' },
  { path: '/staff/refills', heading: 'Refill queue' },
  { path: '/staff/reviews', heading: 'Reviews' },
  { path: '/staff/menu', heading: 'Menu' },
  { path: '/staff/promos', heading: 'Promos' },
  { path: '/staff/notices', heading: 'Failed messages' },
  { path: '/staff/booking-policy', heading: 'Booking policy' },
  { path: '/staff/settings', heading: 'Restaurant settings' },
  { path: '/staff/audit-log', heading: 'Audit log' },
  { path: '/staff/accounts', heading: 'Staff accounts' },
  { path: '/staff/releases', heading: 'Releases' },
];

const VIEWPORTS = [
  { name: 'a 390 px phone', width: 390, height: 844 },
  { name: 'a 1280 px laptop', width: 1280, height: 900 },
];

const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');
const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];

let browser: Browser;
withSiteAndBrowser((_site, launched) => (browser = launched));

const staffEmail = `axe.${Date.now()}@samgyup.test`;
const staffPassword = 'axe-walk-every-screen';
let diner: { user: string; auth: Record<string, string>; reservationId: number };

function daysFromNow(days: number): string {
  const [year, month, day] = restaurantToday().split('-').map(Number);
  return new Date(Date.UTC(year, month - 1, day + days)).toISOString().slice(0, 10);
}

beforeAll(async () => {
  await createStaffAccount(staffEmail, 'Axe Walker', staffPassword, 'admin');
  const account = await createCustomer({ first_name: 'Aya', last_name: 'Walker' });
  const login = await logInCustomerViaApi(account.email, account.password);
  const auth = { Authorization: `Bearer ${login.token}`, 'Content-Type': 'application/json' };
  // A booking waiting for its proof: My reservations, its page, its upload and its manage page have it to show.
  const date = daysFromNow(150 + (Math.floor(Date.now() / 1000) % 100));
  const tables = (await (await fetch(`${apiOrigin}/api/tables/available?date=${date}&time=18:30`)).json()) as { data: { id: number; capacity: number }[] };
  const table = tables.data.find((row) => row.capacity >= 2)!;
  const booked = await fetch(`${apiOrigin}/api/reservations`, {
    method: 'POST',
    headers: auth,
    body: JSON.stringify({
      customer_name: 'Aya Walker',
      phone: '0917 555 0142',
      email: account.email,
      table_id: table.id,
      number_of_guests: 2,
      reservation_date: date,
      reservation_time: '18:30',
    }),
  });
  expect(booked.status).toBe(201);
  diner = { user: JSON.stringify({ ...login, name: 'Aya Walker' }), auth, reservationId: ((await booked.json()) as { data: { id: number } }).data.id };
}, 120_000);

/** Opens `path` and waits for the live app and its page's first heading, then for what the page loads. */
async function open(page: Page, path: string, heading?: string | RegExp) {
  await page.goto(`${shellOrigin}${path}`);
  await page.locator('html[data-app-ready]').waitFor({ state: 'attached' });
  await (heading ? page.getByRole('heading', { level: 1, name: heading }) : page.getByRole('heading', { level: 1 }).first()).waitFor();
  await page
    .getByText(/^Loading/)
    .first()
    .waitFor({ state: 'detached', timeout: 10_000 })
    .catch(() => undefined);
}

/**
 * Waits until the page holds still: no change to the document for 300 ms and no
 * transition or animation running (at most 5 s), so axe reads the page a visitor
 * looks at, not a frame in the middle of a redraw.
 */
async function settled(page: Page) {
  await page.evaluate(async () => {
    const deadline = performance.now() + 5_000;
    let lastChange = performance.now();
    const observer = new MutationObserver(() => (lastChange = performance.now()));
    observer.observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
    const moving = () => document.getAnimations().some((animation) => animation.playState === 'running' && animation.effect?.getTiming().iterations !== Infinity);
    while (performance.now() < deadline && (performance.now() - lastChange < 300 || moving())) await new Promise((resolve) => setTimeout(resolve, 50));
    observer.disconnect();
  });
}

/** One axe run over the page as it is: each violation with the elements it names (`key`), and their markup. */
async function axeOnce(page: Page): Promise<{ key: string; text: string }[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  // Details for violations only: every rule still runs, and the walk takes about a fifth less time.
  const results = await page.evaluate(
    (tags) =>
      (window as unknown as { axe: { run: (context: Document, options: object) => Promise<AxeResults> } }).axe.run(document, {
        runOnly: { type: 'tag', values: tags },
        resultTypes: ['violations'],
      }),
    AXE_TAGS,
  );
  // Rules ran and passed on what the page shows: an empty result is a real one, not a check that never ran.
  expect(results.passes.length).toBeGreaterThan(10);
  return results.violations.map((violation) => ({
    key: `${violation.id} (${violation.impact}): ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
    text: `${violation.id} (${violation.impact}): ${violation.nodes.map((node) => `${node.target.join(' ')} ${node.html.slice(0, 160)}`).join(', ')}`,
  }));
}

/**
 * The violations on the page once it holds still. A violation is looked at again
 * a second later: one that was gone by then belonged to a redraw in progress
 * (a live region filling, an answer arriving) and is printed, not counted.
 */
async function violations(page: Page): Promise<string[]> {
  await settled(page);
  const first = await axeOnce(page);
  if (first.length === 0) return [];
  await page.waitForTimeout(1_000);
  await settled(page);
  const again = await axeOnce(page);
  const firstKeys = new Set(first.map((violation) => violation.key));
  const againKeys = new Set(again.map((violation) => violation.key));
  const gone = first.filter((violation) => !againKeys.has(violation.key));
  if (gone.length) console.warn(`axe: gone a second later on ${page.url()}:\n${gone.map((violation) => violation.text).join('\n')}`);
  return again.filter((violation) => firstKeys.has(violation.key)).map((violation) => violation.text);
}

/** Fails with each page's violations in the message's first lines, so a CI log that shows only those still names them. */
function expectNone(found: Record<string, string[]>) {
  const lines = Object.entries(found).flatMap(([path, seen]) => seen.map((violation) => `${path}: ${violation}`));
  if (lines.length) throw new Error(`axe found ${lines.length} violation(s):\n${lines.join('\n')}`);
}

async function walk(context: BrowserContext, pages: { path: string; heading?: string | RegExp }[]) {
  const found: Record<string, string[]> = {};
  const page = await context.newPage();
  for (const { path, heading } of pages) {
    await open(page, path, heading);
    const seen = await violations(page);
    if (seen.length) found[path] = seen;
  }
  await page.close();
  return found;
}

it('the walk sees a violation when a page has one (an image without a text alternative)', async () => {
  const page = await browser.newPage({ viewport: VIEWPORTS[0] });
  await open(page, '/privacy-policy');
  await page.evaluate(() => document.querySelector('main')?.append(Object.assign(document.createElement('img'), { src: '/favicon.ico' })));
  expect((await violations(page)).join('\n')).toMatch(/^image-alt \(critical\)/m);
  await page.close();
}, 120_000);

/**
 * Runs `check` at each width at once, in a browser context of its own: a walk spends most of
 * its time waiting on pages, so the two widths together take little longer than one.
 * Each violation is named with its width and page.
 */
async function atEveryWidth(check: (context: BrowserContext) => Promise<Record<string, string[]>>) {
  const found = await Promise.all(
    VIEWPORTS.map(async ({ name, width, height }) => {
      const context = await browser.newContext({ viewport: { width, height } });
      try {
        return Object.entries(await check(context)).map(([path, seen]) => [`${path} on ${name}`, seen] as const);
      } finally {
        await context.close();
      }
    }),
  );
  expectNone(Object.fromEntries(found.flat()));
}

describe(`axe on ${VIEWPORTS.map(({ name }) => name).join(' and on ')}`, () => {
  it('finds no violation on any public route, as a visitor sees it', async () => {
    await atEveryWidth((context) =>
      walk(
        context,
        PUBLIC_ROUTES.map((path) => ({ path })),
      ),
    );
  }, 600_000);

  it("finds no violation on a logged-in diner's own pages: My reservations, a booking's page, its upload and its manage page", async () => {
    const id = diner.reservationId;
    const pages = [
      { path: '/my-reservations', heading: /My reservations/ },
      { path: `/reservation-pending?id=${id}` },
      { path: `/reservation-upload?id=${id}`, heading: /Payment/ },
      { path: `/reservation-manage?id=${id}`, heading: /Your reservation/ },
      { path: '/reservation-form' },
      { path: '/feedback-form' },
    ];
    await atEveryWidth(async (context) => {
      await context.addInitScript((user) => localStorage.setItem('user', user), diner.user);
      return walk(context, pages);
    });
  }, 300_000);

  it('finds no violation on any staff screen', async () => {
    await atEveryWidth(async (context) => {
      const page = await context.newPage();
      await page.goto(`${shellOrigin}/staff/login`);
      await page.getByRole('button', { name: 'Log in' }).waitFor();
      const onLogin = await violations(page);
      await page.getByLabel('Email').fill(staffEmail);
      await page.getByLabel('Password', { exact: true }).fill(staffPassword);
      await page.getByRole('button', { name: 'Log in' }).click();
      await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
      await page.close();
      return { ...(onLogin.length ? { '/staff/login': onLogin } : {}), ...(await walk(context, STAFF_SCREENS)) };
    });
  }, 600_000);
});
