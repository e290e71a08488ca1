import type { Browser } from 'playwright-core';
import { launchBrowser, openHomePage } from '../support/browser';
import { startTestSite, type TestSite } from '../support/test-site';
import { apiOrigin, shellOrigin } from '../support/test-ports';

let site: TestSite;
let browser: Browser;

beforeAll(async () => {
  [site, browser] = await Promise.all([startTestSite(), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await site?.close();
});

const pesos = (amount: number) => `₱${amount.toLocaleString('en-PH')}`;

describe('menus in the browser', () => {
  it.each([
    ['Unlimited Menu', 'unlimited'],
    ['Ala Carte Menu', 'alacarte'],
    ['Side Dishes', 'sidedishes'],
  ])('%s, opened from the navigation bar, shows the prices the API has', async (linkName, endpoint) => {
    const page = await browser.newPage({ viewport: { width: 360, height: 740 } });
    await openHomePage(page, shellOrigin);
    await page.getByRole('button', { name: 'Open navigation' }).click();
    await page.getByRole('button', { name: 'Show menu pages' }).click();
    await page.getByRole('link', { name: linkName }).click();
    await page.getByRole('heading', { level: 1, name: linkName }).waitFor();
    await page.locator('.menu-card').first().waitFor();

    const { data } = (await (await fetch(`${apiOrigin}/api/inventory/menu/${endpoint}`)).json()) as {
      data: { name: string; selling_price: number; is_premium: boolean }[];
    };
    const shown = await page.locator('.menu-card').evaluateAll((cards) =>
      cards.map((card) => ({
        name: card.querySelector('h2')?.firstChild?.textContent ?? '',
        price: (card.querySelector('.menu-card__price')?.textContent ?? '').replace('Price: ', ''),
        premium: Boolean(card.querySelector('.menu-card__badge')),
      })),
    );
    expect(shown).toEqual(
      data.map((item) => ({
        name: item.name,
        price: item.selling_price > 0 ? pesos(item.selling_price) : 'Included in unlimited sets',
        premium: item.is_premium,
      })),
    );
    await page.close();
  });

  it('shows the featured picks and the promos with a claim-table button', async () => {
    const page = await browser.newPage();
    await page.goto(`${shellOrigin}/featuremenu`);
    await page.getByRole('heading', { name: 'Featured Menu Items' }).waitFor();
    const prices = await page.locator('.menu-card__price').allInnerTexts();
    expect(prices.map((text) => text.replace(/^Price:\s*/, '').trim())).toEqual(['₱199', '₱75', '₱120', '₱50', '₱100']);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Promos' }).click();
    await page.getByRole('heading', { name: 'Promos' }).waitFor();
    expect(await page.getByText('This promo has ended.').count()).toBe(1);
    await page.getByRole('link', { name: 'Claim your table' }).click();
    await page.getByRole('heading', { name: 'Reserve a Table' }).waitFor();
    await page.close();
  });
});
