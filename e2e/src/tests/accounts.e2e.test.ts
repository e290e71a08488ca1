import type { Browser, Page } from 'playwright-core';
import { waitForAddress } from '../support/browser';
import { logInWithForm, tickCaptcha } from '../support/log-in';
import { waitForMail } from '../support/mailbox';
import { withSiteAndBrowser } from '../support/site-and-browser';
import { shellOrigin } from '../support/test-ports';

let browser: Browser;

withSiteAndBrowser((_site, launched) => (browser = launched));

const email = `ana.${Date.now()}@example.com`;

const logIn = (page: Page, password: string) => logInWithForm(page, email, password);

describe('customer accounts in the browser', () => {
  it('registers, logs in back to where the visitor was going, shows the name, logs out (on a phone)', async () => {
    const page = await browser.newPage({ viewport: { width: 360, height: 740 } });
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.accept();
    });

    await page.goto(`${shellOrigin}/register?redirect=/test-env`);
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.getByText('First name is required').waitFor();
    expect(await page.getByText('Captcha is required').count()).toBe(1);

    await page.getByLabel('First name').fill('Ana');
    await page.getByLabel('Last name').fill('Cruz');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('secret123');
    await tickCaptcha(page);
    await page.getByRole('button', { name: 'Create account' }).click();
    await waitForAddress(page, `${shellOrigin}/login?redirect=%2Ftest-env`);
    expect(dialogs).toEqual(['Registration successful! Please login to continue.']);
    // The alert goes; the log-in page itself still says the account was made.
    await page.getByRole('status').filter({ hasText: 'Your account is ready. Log in with the email and password you just chose.' }).waitFor();

    await logIn(page, 'secret123');
    await waitForAddress(page, `${shellOrigin}/test-env`);
    const header = page.getByRole('banner');
    await header.getByText('Ana Cruz').waitFor({ state: 'attached' });

    await header.getByRole('button', { name: 'Open navigation' }).click();
    await header.getByRole('button', { name: 'Log out' }).click();
    await header.getByRole('link', { name: 'Log in' }).waitFor({ state: 'attached' });
    expect(await page.evaluate(() => localStorage.getItem('user'))).toBeNull();
    await page.close();
  });

  it('refuses a redirect to another site', async () => {
    const page = await browser.newPage();
    await page.goto(`${shellOrigin}/login?redirect=https://evil.example/`);
    await logIn(page, 'secret123');
    await waitForAddress(page, `${shellOrigin}/`);
    await page.close();
  });

  it('resets the password with the mailed code and logs in with the new one', async () => {
    const page = await browser.newPage();
    await page.goto(`${shellOrigin}/login`);
    await page.getByRole('link', { name: 'Forgot Password?' }).click();
    await waitForAddress(page, `${shellOrigin}/reset-password`);
    await page.getByRole('button', { name: 'Send code' }).waitFor();
    await page.getByLabel('Email').fill(email);
    await tickCaptcha(page);
    await page.getByRole('button', { name: 'Send code' }).click();

    const mail = await waitForMail(email);
    const code = /(\d{6})/.exec(mail.subject)![1];
    await page.getByLabel('Code from your email').fill(code);
    await page.getByLabel('New password', { exact: true }).fill('brand-new-1');
    await page.getByLabel('Retype password', { exact: true }).fill('brand-new-2');
    await page.getByRole('button', { name: 'Reset password' }).click();
    await page.getByText('Passwords do not match').waitFor();
    await page.getByLabel('Retype password', { exact: true }).fill('brand-new-1');
    await page.getByRole('button', { name: 'Reset password' }).click();
    await waitForAddress(page, `${shellOrigin}/reset-success`);
    await page.getByRole('link', { name: 'Go to Log in' }).click();

    await logIn(page, 'secret123');
    await page.getByText('Invalid email or password').waitFor();
    await page.getByLabel('Password', { exact: true }).fill('brand-new-1');
    await tickCaptcha(page);
    await page.getByRole('button', { name: 'Log in' }).click();
    await waitForAddress(page, `${shellOrigin}/`);
    await page.close();
  });

  it('answers an unknown email as a wrong password: the login tells no one who has an account', async () => {
    const page = await browser.newPage();
    await page.goto(`${shellOrigin}/login`);
    await page.getByLabel('Email').fill(`nobody.${Date.now()}@example.com`);
    await page.getByLabel('Password', { exact: true }).fill('whatever1');
    await tickCaptcha(page);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.getByRole('alert').getByText('Invalid email or password').waitFor();
    await page.close();
  });
});
