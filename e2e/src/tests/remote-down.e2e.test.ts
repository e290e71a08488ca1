import type { Browser } from 'playwright-core';
import { waitForLivePage } from '../support/browser';
import { withSiteAndBrowser } from '../support/site-and-browser';
import type { TestSite } from '../support/test-site';
import { shellOrigin } from '../support/test-ports';

let site: TestSite;
let browser: Browser;

withSiteAndBrowser((started, launched) => ([site, browser] = [started, launched]));

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
    // The live page, not the first screen the server sent, which stays up while the part loads.
    await waitForLivePage(page);
    await page.getByRole('heading', { name: 'Featured Menu Items' }).waitFor();
    expect(await page.evaluate(() => (window as unknown as { marker?: string }).marker)).toBe('no reload');
    // Drawn as designed: the part's stylesheet, which the first screen linked while the part was down, is in effect.
    expect(await page.locator('.menu-page').evaluate((section) => getComputedStyle(section).maxWidth)).not.toBe('none');
    await page.close();
  });

  // Every remote in turn: while it is down, the home page and one page of every
  // other remote still open, and its own page says so with a Retry button.
  const landingPages = [
    { remote: 'mfe_menus', path: '/featuremenu', heading: 'Featured Menu Items' },
    { remote: 'mfe_reviews', path: '/feedback', heading: 'Feedback' },
    { remote: 'mfe_refill', path: '/timesup', heading: "Time's up!" },
    { remote: 'mfe_reservation', path: '/reservation', heading: 'Reserve a Table' },
    { remote: 'mfe_staff', path: '/staff/login', heading: 'Staff log in' },
  ] as const;

  it.each(landingPages.map((down) => [down.remote, down] as const))('%s down: every other page still works', async (_name, down) => {
    await site.stopRemote(down.remote);
    const page = await browser.newPage();
    page.on('console', () => undefined);
    try {
      await page.goto(`${shellOrigin}${down.path}`);
      await page.getByRole('heading', { name: 'This page could not be loaded' }).waitFor();
      expect(await page.getByRole('button', { name: 'Retry' }).count()).toBe(1);

      await page.goto(`${shellOrigin}/`);
      await page.getByRole('heading', { name: 'Our Story' }).waitFor();
      for (const other of landingPages.filter((entry) => entry.remote !== down.remote)) {
        await page.goto(`${shellOrigin}${other.path}`);
        await waitForLivePage(page);
        await page.getByRole('heading', { name: other.heading, exact: true }).waitFor();
        expect(await page.getByRole('heading', { name: 'This page could not be loaded' }).count()).toBe(0);
      }
    } finally {
      await page.close();
      await site.startRemote(down.remote);
    }
  });
});
