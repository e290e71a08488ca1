import type { Browser } from 'playwright-core';
import { createCustomer } from '../support/accounts';
import { launchBrowser, trackPageErrors, waitForAddress } from '../support/browser';
import { logInWithForm } from '../support/log-in';
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

describe('reviews in the browser', () => {
  it('a customer logs in from LEAVE A REVIEW!, posts a 5-star review and sees it on /feedback', async () => {
    const account = await createCustomer({ first_name: 'Paolo', last_name: 'Dizon' });
    const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
    const errors = trackPageErrors(page);
    const review = `Crispy liempo and fast refills <b>${Date.now()}</b>`;

    await page.goto(`${shellOrigin}/feedback`);
    await page.getByRole('heading', { level: 1, name: 'Feedback' }).waitFor();
    await page.getByRole('link', { name: 'LEAVE A REVIEW!' }).click();
    await waitForAddress(page, `${shellOrigin}/login?redirect=/feedback-form`);
    await logInWithForm(page, account.email, account.password);
    await waitForAddress(page, `${shellOrigin}/feedback-form`);

    await page.getByText('Posting as Paolo Dizon.', { exact: false }).waitFor();
    await page.locator('label').filter({ hasText: '5 stars' }).click();
    await page.getByLabel('Your review').fill(review);
    await page.getByRole('button', { name: 'Submit' }).click();
    await waitForAddress(page, `${shellOrigin}/feedback-submitted`);
    await page.getByRole('heading', { name: 'Thank you for your feedback!' }).waitFor();

    await page.goto(`${shellOrigin}/feedback`);
    const card = page.getByRole('article', { name: 'Review by Paolo Dizon' }).first();
    await card.waitFor();
    expect(await card.getByText(review, { exact: true }).count()).toBe(1);
    expect(await card.getByRole('img', { name: 'Rated 5 out of 5' }).count()).toBe(1);
    // The markup in the review is shown as text, not turned into an element.
    expect(await card.locator('b').count()).toBe(0);
    expect(errors).toEqual([]);
    await page.close();
  });
});
