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

describe('one session store on the page', () => {
  it('a sign-out in the shell header reaches a remote page at once, without a reload', async () => {
    const context = await browser.newContext();
    await context.addInitScript(() => {
      if (!sessionStorage.getItem('seeded')) {
        sessionStorage.setItem('seeded', '1');
        localStorage.setItem(
          'user',
          JSON.stringify({ token: 'opaque-test-token', user: { first_name: 'Ana', last_name: 'Cruz', email: 'ana@example.com' }, name: 'Ana Cruz' }),
        );
      }
    });
    const page = await context.newPage();
    await page.goto(`${shellOrigin}/reservation`);
    await page.getByText('Signed in as Ana Cruz').waitFor();
    await page.evaluate(() => ((window as unknown as { marker: string }).marker = 'no reload'));

    await page.getByRole('banner').getByRole('button', { name: 'Log out' }).click();
    await page.getByRole('link', { name: 'Sign up to reserve' }).waitFor();
    expect(await page.getByText('Signed in as Ana Cruz').count()).toBe(0);
    expect(await page.evaluate(() => (window as unknown as { marker?: string }).marker)).toBe('no reload');
    await context.close();
  });
});
