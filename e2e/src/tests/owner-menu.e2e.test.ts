import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { waitForAddress } from '../support/browser';
import { createStaffAccount } from '../support/create-staff';
import { withSiteAndBrowser } from '../support/site-and-browser';
import { apiOrigin, shellOrigin } from '../support/test-ports';

let browser: Browser;
withSiteAndBrowser((_site, launched) => (browser = launched));

const staffEmail = `owner.${Date.now()}@samgyup.test`;
const staffPassword = 'owner-console-1';
beforeAll(async () => {
  expect(await createStaffAccount(staffEmail, 'Owner', staffPassword, 'staff')).toContain('can now log in');
});

async function staffPage(screen: string): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 412, height: 900 } });
  const page = await context.newPage();
  await page.goto(`${shellOrigin}${screen}`);
  await page.getByRole('button', { name: 'Log in' }).waitFor();
  await page.getByLabel('Email').fill(staffEmail);
  await page.getByLabel('Password', { exact: true }).fill(staffPassword);
  await page.getByRole('button', { name: 'Log in' }).click();
  await waitForAddress(page, `${shellOrigin}${screen}`);
  return page;
}

/** A phone-sized photo made from one of the site's own pictures. */
const photoFromTheRepo = () =>
  sharp(path.join(__dirname, '..', '..', '..', 'mfe-menus', 'src', 'assets', 'menu-beef.svg'), { density: 300 })
    .resize(1600, 1000, { fit: 'cover' })
    .jpeg({ quality: 85 })
    .toBuffer();

describe('the owner edits the menu and the promos from the console', () => {
  it('changes a price and a photo, and the public menu page shows both', async () => {
    const name = 'Set C Unlimited Pork & Beef';
    const before = ((await (await fetch(`${apiOrigin}/api/inventory/menu/unlimited`)).json()) as { data: { name: string; selling_price: number }[] }).data.find(
      (item) => item.name === name,
    )!;
    const newPrice = before.selling_price + 10;
    const staff = await staffPage('/staff/menu');
    await staff.getByRole('button', { name: `Edit ${name}` }).click();
    await staff.getByLabel('Price in pesos').fill('three hundred');
    await staff.getByRole('button', { name: 'Save changes' }).click();
    await staff.getByText('Enter the price in whole pesos (0 for items included in the unlimited sets).').waitFor();
    await staff.getByLabel('Price in pesos').fill(String(newPrice));
    await staff.getByRole('button', { name: 'Save changes' }).click();
    await staff.getByText(`${name}: Saved. The menu pages show the change.`).waitFor();
    await staff.getByLabel(`Add photo of ${name}`).setInputFiles({ name: 'IMG_2041.jpg', mimeType: 'image/jpeg', buffer: await photoFromTheRepo() });
    await staff.getByText(`${name}: The photo is on the page.`).waitFor({ timeout: 60_000 });

    const page = await browser.newPage({ viewport: { width: 412, height: 900 } });
    await page.goto(`${shellOrigin}/unlimited`);
    // The first screen is replaced by the live page as the app starts: look at the live one, not at nodes about to go.
    await page.locator('html[data-app-ready]').waitFor({ state: 'attached' });
    const card = page.locator('.menu-card', { has: page.getByRole('heading', { name }) });
    await card.getByText(`₱${newPrice}`).waitFor({ timeout: 15_000 });
    const image = card.getByRole('img', { name });
    // The card's picture may still be swapped once (a first screen drawn before the photo came): scroll
    // whichever image is there now into view on each check, rather than hold one that can be replaced.
    await page.waitForFunction((alt) => {
      const img = document.querySelector<HTMLImageElement>(`img[alt="${alt}"]`);
      img?.scrollIntoView({ block: 'center' });
      return Boolean(img?.complete && img.naturalWidth > 0 && img.currentSrc.includes('/api/photos/'));
    }, name);
    // The browser picked a modern format from the <picture>, and the file is kept for a year.
    const chosen = await image.evaluate((img: HTMLImageElement) => img.currentSrc);
    expect(chosen).toMatch(/\/api\/photos\/[0-9a-f]{24}\/\d+\.avif$/);
    expect((await fetch(chosen)).headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    await page.close();
    await staff.context().close();
  });

  it('creates a promo that /promos shows, then hides it and /promos drops it, keeping the claim button', async () => {
    const title = `Rainy Day Samgyup ${Date.now() % 100000}`;
    const staff = await staffPage('/staff/promos');
    await staff.getByRole('button', { name: 'New promo' }).click();
    await staff.getByLabel('Title').fill(title);
    await staff.getByLabel('Summary').fill('10% off every unlimited set while it rains.');
    await staff.getByLabel('Terms, one per line').fill('Walk-ins only.\nNot with other promos.');
    await staff.getByLabel('Last day (optional)').fill('2020-01-01');
    await staff.getByLabel('First day (optional)').fill('2020-02-01');
    await staff.getByRole('button', { name: 'Add the promo' }).click();
    await staff.getByText('The promo cannot end before it starts.').waitFor();
    await staff.getByLabel('Last day (optional)').fill('');
    await staff.getByRole('button', { name: 'Add the promo' }).click();
    await staff.getByText(`${title}: The promo is on /promos.`).waitFor();

    const page = await browser.newPage();
    await page.goto(`${shellOrigin}/promos`);
    await page.getByRole('heading', { name: title }).waitFor({ timeout: 15_000 });
    await page.getByText('Not with other promos.').waitFor();

    await staff.getByRole('button', { name: `Hide ${title}` }).click();
    await staff.getByText(`${title}: Saved. The promo is hidden from /promos.`).waitFor();
    await page.reload();
    await page.getByRole('heading', { name: 'Birthday Treat: Free Unlimited Samgyupsal' }).waitFor();
    await page.getByRole('heading', { name: title }).waitFor({ state: 'detached', timeout: 15_000 });
    await page.getByRole('link', { name: 'Claim your table' }).click();
    await page.getByRole('heading', { name: 'Reserve a Table' }).waitFor();
    await page.close();
    await staff.context().close();
  });
});
