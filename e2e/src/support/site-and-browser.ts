import type { Browser } from 'playwright-core';
import { launchBrowser } from './browser';
import { startTestSite, type TestSite } from './test-site';

/** Waits for every start to end, then throws the first failure: nothing that came up is left running unseen. */
export async function settleAll(starts: Promise<unknown>[]): Promise<void> {
  const failed = (await Promise.allSettled(starts)).find((result) => result.status === 'rejected');
  if (failed) throw (failed as PromiseRejectedResult).reason;
}

/** Starts the site under test and Chromium before a file's tests, hands them over, and stops both after. */
export function withSiteAndBrowser(use: (site: TestSite, browser: Browser) => void): void {
  let site: TestSite | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    // Each is kept as soon as it is up, so that afterAll stops it even when the other failed to start.
    await settleAll([startTestSite().then((started) => (site = started)), launchBrowser().then((launched) => (browser = launched))]);
    use(site as TestSite, browser as Browser);
  });
  afterAll(async () => {
    await browser?.close();
    await site?.close();
  });
}
