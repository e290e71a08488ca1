import type { Browser } from 'playwright-core';
import { launchBrowser } from '../support/browser';
import { startTestSite, type TestSite } from '../support/test-site';
import { shellOrigin } from '../support/test-ports';

let site: TestSite;
let browser: Browser;

beforeAll(async () => {
  [site, browser] = await Promise.all([startTestSite(), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await site?.close();
});

describe('a remote that is down', () => {
  it('shows a clear message with Retry on its own pages while the rest keeps working', async () => {
    await site.stopRemote('mfe_menus');
    const page = await browser.newPage();
    page.on('console', () => undefined);

    await page.goto(`${shellOrigin}/featuremenu`);
    await page.getByRole('heading', { name: 'This page could not be loaded' }).waitFor();
    expect(await page.getByText(/Menus part of our site is not answering/).count()).toBe(1);
    expect(await page.getByRole('banner').count()).toBe(1);
    expect(await page.getByRole('contentinfo').count()).toBe(1);

    // Other pages, shell and other remotes, still work in the same tab.
    await page.getByRole('link', { name: /home/i }).first().click();
    expect(await page.getByText('Opened 9:00 pm').count()).toBeGreaterThan(0);
    await page.goto(`${shellOrigin}/timesup`);
    await page.getByRole('heading', { name: "Time's up!" }).waitFor();
    await page.goto(`${shellOrigin}/reservation`);
    await page.getByRole('heading', { name: 'Reserve a Table' }).waitFor();

    // The team brings the remote back: Retry loads it without a reload.
    await page.goto(`${shellOrigin}/featuremenu`);
    await page.getByRole('button', { name: 'Retry' }).waitFor();
    await site.startRemote('mfe_menus');
    await page.evaluate(() => ((window as unknown as { marker: string }).marker = 'no reload'));
    await page.getByRole('button', { name: 'Retry' }).click();
    await page.getByRole('heading', { name: 'Featured Menu Items' }).waitFor();
    expect(await page.evaluate(() => (window as unknown as { marker?: string }).marker)).toBe('no reload');
    await page.close();
  });
});
