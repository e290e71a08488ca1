import type { Browser } from 'playwright-core';
import { launchBrowser } from './browser';
import { startTestSite, type TestSite } from './test-site';

/** Starts the site under test and Chromium before a file's tests, hands them over, and stops both after. */
export function withSiteAndBrowser(use: (site: TestSite, browser: Browser) => void): void {
  let site: TestSite | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    [site, browser] = await Promise.all([startTestSite(), launchBrowser()]);
    use(site, browser);
  });
  afterAll(async () => {
    await browser?.close();
    await site?.close();
  });
}
