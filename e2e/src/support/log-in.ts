import type { Page } from 'playwright-core';
import { waitForAddress } from './browser';
import { shellOrigin } from './test-ports';

/** Ticks the captcha checkbox and waits for the proof of work to finish. */
export async function tickCaptcha(page: Page) {
  await page.getByRole('checkbox', { name: /I'm not a robot/ }).check();
  await page.getByText('Verified', { exact: true }).waitFor({ timeout: 20_000 });
}

/** Fills and sends the login form the page shows. */
export async function logInWithForm(page: Page, email: string, password: string) {
  // The address changes a moment before the new page renders: wait for the form itself.
  await page.getByRole('button', { name: 'Log in' }).waitFor();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await tickCaptcha(page);
  await page.getByRole('button', { name: 'Log in' }).click();
}

/** Logs in to the staff console from its login page and waits for `screen` (a console address) to open. */
export async function logInToConsole(page: Page, screen: string, email: string, password: string) {
  await page.goto(`${shellOrigin}/staff/login?next=${encodeURIComponent(screen)}`);
  await page.getByRole('button', { name: 'Log in' }).waitFor();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await waitForAddress(page, `${shellOrigin}${screen}`);
}
