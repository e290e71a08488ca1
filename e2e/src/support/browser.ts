import { chromium, type Browser, type Page } from 'playwright-core';
import { CHROMIUM_FLAGS, findHeadlessChromium } from '@samgyup/release-tools/find-chromium';
import { handedOnOffset, installShiftedClock } from '@samgyup/dev-site';

/** Chromium; with the run's restaurant clock pinned (TEST_RESTAURANT_CLOCK), every page it opens reads that clock. */
export async function launchBrowser(): Promise<Browser> {
  const browser = await chromium.launch({ executablePath: findHeadlessChromium(), args: CHROMIUM_FLAGS, headless: true });
  const offset = handedOnOffset();
  if (offset !== null) {
    // newPage() opens its page in a context of its own through newContext() too.
    const newContext = browser.newContext.bind(browser);
    browser.newContext = async (options) => {
      const context = await newContext(options);
      await context.addInitScript(installShiftedClock, offset);
      return context;
    };
  }
  return browser;
}

/** Collects page errors so a test can assert the page ran cleanly. */
export function trackPageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

/** Waits until the address bar shows `url`; works for in-app (history) navigation too. */
export async function waitForAddress(page: Page, url: string, timeout = 15_000): Promise<void> {
  const deadline = Date.now() + timeout;
  while (page.url() !== url) {
    if (Date.now() > deadline) {
      const alerts = await page
        .getByRole('alert')
        .allInnerTexts()
        .catch(() => []);
      const shown = alerts.length ? ` Messages on the page: ${alerts.join(' | ')}` : '';
      throw new Error(`Expected the address ${url}, still at ${page.url()}.${shown}`);
    }
    await page.waitForTimeout(50);
  }
}

/** Waits until the address bar shows the page at `url`, whatever its query says (the upload page names its booking once saved). */
export async function waitForPage(page: Page, url: string, timeout = 15_000): Promise<void> {
  const wanted = new URL(url);
  const deadline = Date.now() + timeout;
  const at = () => new URL(page.url());
  while (at().origin !== wanted.origin || at().pathname !== wanted.pathname) {
    if (Date.now() > deadline) throw new Error(`Expected the page ${url}, still at ${page.url()}.`);
    await page.waitForTimeout(50);
  }
}

/**
 * Opens the home page and waits until the live app has taken over from the
 * prerendered HTML (before that, links work but buttons such as the menu do not).
 */
export async function openHomePage(page: Page, origin: string): Promise<void> {
  await page.goto(`${origin}/`);
  await page.locator('html[data-app-ready]').waitFor({ state: 'attached' });
}

/**
 * Waits until a remote page's first screen (the server's HTML, which carries the page's heading) has made way
 * for what the app drew: the live page or its "could not be loaded". Before that, a page that will fail looks fine.
 */
export async function waitForLivePage(page: Page, timeout = 20_000): Promise<void> {
  await page.locator('[data-first-screen]').waitFor({ state: 'detached', timeout });
}
