import type { Browser } from 'playwright-core';
import { createCustomer } from '../support/accounts';
import { waitForAddress } from '../support/browser';
import { logInWithForm } from '../support/log-in';
import { withSiteAndBrowser } from '../support/site-and-browser';
import { shellOrigin } from '../support/test-ports';

let browser: Browser;

withSiteAndBrowser((_site, launched) => (browser = launched));

describe('one session store on the page, shared by the shell and the remotes', () => {
  it('a remote page sees the login made in the shell, and the logout, without a reload', async () => {
    const account = await createCustomer({ first_name: 'Bea', last_name: 'Santos' });
    const page = await browser.newPage();
    await page.goto(`${shellOrigin}/login`);
    await page.evaluate(() => ((window as unknown as { marker: string }).marker = 'no reload'));
    await logInWithForm(page, account.email, account.password);
    await waitForAddress(page, `${shellOrigin}/`);

    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Reservation' }).click();
    await page.getByText('Signed in as Bea Santos').waitFor();

    await page.getByRole('banner').getByRole('button', { name: 'Log out' }).click();
    await page.getByRole('link', { name: 'Sign up to reserve' }).waitFor();
    expect(await page.getByText('Signed in as Bea Santos').count()).toBe(0);
    expect(await page.evaluate(() => (window as unknown as { marker?: string }).marker)).toBe('no reload');
    await page.close();
  });
});
