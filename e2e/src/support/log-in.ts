import type { Page } from 'playwright-core';

/** Ticks the captcha checkbox and waits for the proof of work to finish. */
export async function tickCaptcha(page: Page) {
  await page.getByRole('checkbox', { name: /I'm not a robot/ }).check();
  await page.getByText('Verified', { exact: true }).waitFor({ timeout: 20_000 });
}

async function fillLogIn(page: Page, email: string, password: string) {
  // The address changes a moment before the new page renders: wait for the form itself.
  await page.getByRole('button', { name: 'Log in' }).waitFor();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
}

/** Fills and sends the login form the page shows. */
export async function logInWithForm(page: Page, email: string, password: string) {
  await fillLogIn(page, email, password);
  await tickCaptcha(page);
  await page.getByRole('button', { name: 'Log in' }).click();
}

/** Fills and sends the staff console's login form the page shows (it has no captcha). */
export async function logInStaffWithForm(page: Page, email: string, password: string) {
  await fillLogIn(page, email, password);
  await page.getByRole('button', { name: 'Log in' }).click();
}
