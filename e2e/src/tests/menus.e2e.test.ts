import type { Browser } from 'playwright-core';
import { openHomePage } from '../support/browser';
import { withSiteAndBrowser } from '../support/site-and-browser';
import { apiOrigin, shellOrigin } from '../support/test-ports';

let browser: Browser;

withSiteAndBrowser((_site, launched) => (browser = launched));

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

  it('sends the unlimited menu in the HTML of its first screen, and the live page starts from it', async () => {
    const { data } = (await (await fetch(`${apiOrigin}/api/inventory/menu/unlimited`)).json()) as { data: { name: string }[] };
    // The menus' server draws the first screen with the menu once the API answers; the shell's server reads it.
    const menuSent = async () => (await (await fetch(`${shellOrigin}/unlimited`)).text()).includes('class="menu-list"');
    for (let tries = 0; tries < 120 && !(await menuSent()); tries += 1) await new Promise((resolve) => setTimeout(resolve, 500));

    const noScripts = await browser.newContext({ javaScriptEnabled: false });
    const still = await noScripts.newPage();
    await still.goto(`${shellOrigin}/unlimited`);
    const names = (locator: import('playwright-core').Locator) =>
      locator.locator('.menu-card h2').evaluateAll((titles) => titles.map((title) => title.firstChild?.textContent ?? ''));
    expect(await names(still.locator('main'))).toEqual(data.map((item) => item.name));
    await noScripts.close();

    const page = await browser.newPage();
    // Records whether the loading status ever shows: the live page starts from the menu it was sent.
    await page.addInitScript(() => {
      new MutationObserver(() => {
        if (document.body?.textContent?.includes('Loading the unlimited menu')) document.documentElement.dataset.sawLoading = 'yes';
      }).observe(document, { childList: true, subtree: true, characterData: true });
    });
    await page.goto(`${shellOrigin}/unlimited`);
    await page.locator('html[data-app-ready]').waitFor({ state: 'attached' });
    await page.waitForLoadState('networkidle');
    expect(await names(page.locator('main'))).toEqual(data.map((item) => item.name));
    expect(await page.locator('html').getAttribute('data-saw-loading')).toBeNull();
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
    // The heading shows while the promos load: count once they are on the page.
    await page.locator('.promo-card').first().waitFor();
    expect(await page.getByText('This promo has ended.').count()).toBe(1);
    await page.getByRole('link', { name: 'Claim your table' }).click();
    await page.getByRole('heading', { name: 'Reserve a Table' }).waitFor();
    await page.close();
  });
});
