// The owner's day in the console, at a laptop's and a phone's width: its own header, focus that follows
// Edit, Save and Cancel on the menu, outcomes where the owner is looking, a table closed only after
// asking, reservations narrowed to what needs action; axe finds nothing on the way.
import { readFileSync } from 'node:fs';
import type { AxeResults } from 'axe-core';
import type { Browser, Page } from 'playwright-core';
import { waitForAddress } from '../support/browser';
import { createStaffAccount } from '../support/create-staff';
import { withSiteAndBrowser } from '../support/site-and-browser';
import { shellOrigin } from '../support/test-ports';

let browser: Browser;
withSiteAndBrowser((_site, launched) => (browser = launched));

const ownerEmail = `owner.console.${Date.now()}@samgyup.test`;
const ownerPassword = 'owner-console-day-1';
beforeAll(async () => {
  expect(await createStaffAccount(ownerEmail, 'Owner', ownerPassword, 'admin')).toContain('can now log in');
});

const AXE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

/** axe-core's WCAG 2.0–2.2 A/AA rules and best practices on what the page shows now: the violations, by rule and target. */
async function axeViolations(page: Page): Promise<string[]> {
  // Evaluated through the browser's protocol: the site's Content-Security-Policy refuses inline scripts.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE);
  const results = await page.evaluate(
    () =>
      (window as unknown as { axe: { run: (context: Document, options: object) => Promise<AxeResults> } }).axe.run(document, {
        runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'] },
      }) as Promise<AxeResults>,
  );
  return results.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
}

/** What has focus: its tag, accessible text and the name of a field. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    return { tag: element?.tagName.toLowerCase(), text: element?.textContent?.trim() ?? '', name: element?.getAttribute('name') ?? '' };
  });

/** The element's box lies inside the window, below the console's sticky tabs where they stick. */
async function inViewBelowTabs(page: Page, selector: string) {
  return page.evaluate((target) => {
    const box = document.querySelector(target)!.getBoundingClientRect();
    const tabs = document.querySelector('.staff-tabs')!;
    const stuck = getComputedStyle(tabs).position === 'sticky' ? tabs.getBoundingClientRect().bottom : 0;
    return { top: Math.round(box.top), tabsBottom: Math.round(stuck), fits: box.top >= stuck - 1 && box.top < window.innerHeight };
  }, selector);
}

async function logIn(width: number, height: number, screen: string): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height } });
  const page = await context.newPage();
  await page.goto(`${shellOrigin}${screen}`);
  await page.getByRole('button', { name: 'Log in' }).waitFor();
  await page.getByLabel('Email').fill(ownerEmail);
  await page.getByLabel('Password', { exact: true }).fill(ownerPassword);
  await page.getByRole('button', { name: 'Log in' }).click();
  await waitForAddress(page, `${shellOrigin}${screen}`);
  return page;
}

describe('the first load of the console', () => {
  it("draws the console's first screen and no diners' header or Log in before the console's code is in (the page as the server sends it), while a diner's page has them", async () => {
    // A laptop's width, where the diners' header shows its navigation and Log in without a menu button.
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    // What shows before the app starts, held there: the scripts never arrive.
    await page.route(/\/(boot-after-paint|main)\.js$/, (route) => route.abort());
    await page.goto(`${shellOrigin}/staff`);
    // The console's own first screen (its bar, the screen's title, a loading status), none of the diners' layout.
    await page.getByRole('status').getByText('Loading the console...').waitFor();
    expect(await page.getByRole('heading', { name: 'Dashboard', level: 1 }).count()).toBe(1);
    expect(await page.locator('header.staff-console__bar').count()).toBe(1);
    expect(await page.locator('header.site-header, footer').count()).toBe(0);
    expect(await page.getByRole('link', { name: 'Log in' }).count()).toBe(0);
    // Styled by the stylesheets the first screen links, which are each screen's own, not every one of the console's.
    const barDisplay = () => page.locator('header.staff-console__bar').evaluate((bar) => getComputedStyle(bar).display);
    expect(await barDisplay()).toBe('flex');
    await page.goto(`${shellOrigin}/staff/reservations`);
    await page.getByRole('status').getByText('Loading the console...').waitFor();
    expect(await barDisplay()).toBe('flex');
    await page.goto(`${shellOrigin}/feedback`);
    await page.getByRole('navigation', { name: 'Main' }).waitFor();
    expect(await page.locator('header.site-header').getByRole('link', { name: 'Log in' }).count()).toBe(1);
    await context.close();
  });
});

describe.each([
  ['a laptop', 1280, 800, 4],
  ['a phone', 390, 844, 5],
])("the owner's day in the console on %s", (_device, width, height, tableNumber) => {
  it('has its own header, and the menu keeps focus and outcomes where the owner is looking', async () => {
    const page = await logIn(width, height, '/staff/menu');
    await page.getByRole('heading', { name: 'Menu', level: 1 }).waitFor();
    // The console's header, not the diners' (no main navigation, no diners' Log in).
    await page.getByRole('link', { name: 'Samgyup Plaridel Staff console' }).waitFor();
    expect(await page.getByRole('navigation', { name: 'Main' }).count()).toBe(0);
    expect(await page.getByRole('link', { name: 'Log in' }).count()).toBe(0);

    const name = 'Set A Unlimited Pork';
    const row = page.locator('li', { has: page.getByRole('button', { name: `Edit ${name}` }) });
    // The heading and the console's header show while the menu loads: look at the row once it is there.
    await row.waitFor();
    expect(await row.locator('img.staff-menu__thumb, .staff-menu__thumb--none').count()).toBe(1);
    // Names carry the item for screen readers; the screen shows it once.
    const shownText = await row.evaluate((element) => {
      const copy = element.cloneNode(true) as HTMLElement;
      copy.querySelectorAll('.visually-hidden').forEach((hidden) => hidden.remove());
      return copy.textContent ?? '';
    });
    expect(shownText.split(name).length - 1).toBe(1);
    expect(await axeViolations(page)).toEqual([]);

    // Edit: the form in view below the tabs, the cursor in its first field.
    await page.getByRole('button', { name: `Edit ${name}` }).click();
    await page.getByRole('form', { name: `Edit ${name}` }).waitFor();
    expect(await focused(page)).toMatchObject({ tag: 'input', name: 'name' });
    expect(await inViewBelowTabs(page, '.staff-menu__form')).toMatchObject({ fits: true });

    // Cancel: back on the item's Edit button.
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.waitForFunction((wanted) => document.activeElement?.textContent?.trim() === wanted, `Edit ${name}`);

    // Save: the outcome in the item's row, in view, and focus on its Edit button again.
    await page.getByRole('button', { name: `Edit ${name}` }).click();
    await page.getByLabel('Description').fill(`Unlimited pork belly and pork jowl, with unlimited rice, side dishes and drinks (${width} px).`);
    await page.getByRole('button', { name: 'Save changes' }).click();
    const outcome = row.getByRole('status');
    await outcome.getByText(`${name}: Saved. The menu pages show the change.`).waitFor();
    await page.waitForFunction((wanted) => document.activeElement?.textContent?.trim() === wanted, `Edit ${name}`);
    await row.evaluate((element) => element.setAttribute('data-checked-row', ''));
    expect(await inViewBelowTabs(page, '[data-checked-row]')).toMatchObject({ fits: true });
    await page.context().close();
  });

  it('closes a table only after asking, reads reservations by what needs action, and shows settings in parts', async () => {
    const page = await logIn(width, height, '/staff/tables');
    await page.getByRole('button', { name: `Seat a party at table ${tableNumber}` }).click();
    await page.getByText(new RegExp(`Table ${tableNumber} is open\\. Its code is`)).waitFor();

    const close = page.getByRole('button', { name: `Close table ${tableNumber}`, exact: true });
    await close.click();
    const dialog = page.getByRole('dialog', { name: `Close table ${tableNumber}?` });
    await dialog.waitFor();
    expect(await focused(page)).toMatchObject({ tag: 'button', text: 'Cancel' });
    expect(await axeViolations(page)).toEqual([]);
    // Escape keeps the party seated and gives focus back.
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(await focused(page)).toMatchObject({ tag: 'button', text: `Close table ${tableNumber}` });
    expect(await page.getByText(new RegExp(`Table ${tableNumber} is closed`)).count()).toBe(0);
    // From the keyboard: open it, Tab to the closing button, Enter.
    await page.keyboard.press('Enter');
    await dialog.waitFor();
    await page.keyboard.press('Tab');
    expect(await focused(page)).toMatchObject({ text: `Close table ${tableNumber} now` });
    await page.keyboard.press('Enter');
    await page.getByText(`Table ${tableNumber} is closed.`).waitFor();
    await page.getByRole('button', { name: `Seat a party at table ${tableNumber}` }).waitFor();

    await page.getByRole('link', { name: 'Reservations' }).click();
    await waitForAddress(page, `${shellOrigin}/staff/reservations`);
    const show = page.getByLabel('Show');
    await show.waitFor();
    expect(await show.inputValue()).toBe('action');
    await page.getByRole('searchbox', { name: 'Name, phone or #number' }).waitFor();
    expect(await axeViolations(page)).toEqual([]);

    await page.getByRole('link', { name: 'Settings' }).click();
    await waitForAddress(page, `${shellOrigin}/staff/settings`);
    const soldOut = page.getByRole('form', { name: 'Sold-out refill items' });
    await soldOut.getByRole('button', { name: 'Save sold-out items' }).click();
    await soldOut.getByText('Settings saved. The site shows them now.').waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await page.context().close();
  });
});
