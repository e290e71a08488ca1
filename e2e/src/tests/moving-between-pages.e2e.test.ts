// Moving between pages as keyboard and screen-reader users do, and opening a new address.
import type { Browser } from 'playwright-core';
import { openHomePage } from '../support/browser';
import { withSiteAndBrowser } from '../support/site-and-browser';
import { shellOrigin } from '../support/test-ports';

let browser: Browser;
withSiteAndBrowser((_site, launched) => (browser = launched));

describe('moving between pages', () => {
  it('takes focus to the new page and announces its title after a footer link, by keyboard', async () => {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
    await openHomePage(page, shellOrigin);
    await page.getByRole('contentinfo').getByRole('link', { name: 'Privacy Policy' }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { level: 1, name: 'Privacy Policy' }).waitFor();
    await page.waitForFunction(() => document.querySelector('[data-route-announcer]')?.textContent === 'Privacy Policy · Samgyup Plaridel');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('main-content');
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    // The next Tab goes into the page's content, not back to the footer.
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => Boolean(document.activeElement?.closest('main')))).toBe(true);
    await page.close();
  });

  it('opens a new address at its top, even after the last one was scrolled down', async () => {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
    await openHomePage(page, shellOrigin);
    // The router keeps the position it finds as the page goes: scrolled down it is.
    expect(await page.evaluate(() => (window.scrollTo(0, 515), window.scrollY))).toBe(515);
    await page.goto(`${shellOrigin}/register`);
    await page.locator('html[data-app-ready]').waitFor({ state: 'attached' });
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    // A kept position would be put back as the page renders: two frames later it has been.
    await page.evaluate(() => new Promise((painted) => requestAnimationFrame(() => requestAnimationFrame(painted))));
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    await page.close();
  });

  it('puts a page back where the visitor left it on Back, after the next page started at its top', async () => {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
    await openHomePage(page, shellOrigin);
    const link = page.getByRole('contentinfo').getByRole('link', { name: 'Privacy Policy' });
    await link.focus();
    const left = await page.evaluate(() => window.scrollY);
    expect(left).toBeGreaterThan(0);
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { level: 1, name: 'Privacy Policy' }).waitFor();
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    await page.goBack();
    await page.getByRole('contentinfo').waitFor();
    await page.waitForFunction((expected) => window.scrollY === expected, left, { timeout: 5000 });
    await page.close();
  });

  it("stops the home page's gallery with a Pause button", async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    // The page's timers on a clock the test can run forward: two of the gallery's 2 s turns pass at once.
    await page.clock.install();
    await openHomePage(page, shellOrigin);
    const pause = page.getByRole('button', { name: 'Pause the slideshow' });
    await pause.click();
    await page.mouse.move(0, 0);
    const shown = () => page.locator('.gallery__dot[aria-pressed="true"]').getAttribute('aria-label');
    const before = await shown();
    await page.clock.runFor(4500);
    expect(await shown()).toBe(before);
    await page.getByRole('button', { name: 'Play the slideshow' }).waitFor();
    await page.close();
  });
});
