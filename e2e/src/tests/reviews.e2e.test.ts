import type { Browser } from 'playwright-core';
import { createCustomer } from '../support/accounts';
import { trackPageErrors, waitForAddress } from '../support/browser';
import { logInWithForm } from '../support/log-in';
import { withSiteAndBrowser } from '../support/site-and-browser';
import { shellOrigin } from '../support/test-ports';

let browser: Browser;

withSiteAndBrowser((_site, launched) => (browser = launched));

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

  it('keeps /feedback within a phone screen with 1,000 reviews, and reads them a page at a time', async () => {
    const total = 1000;
    const review = (n: number) => ({
      id: total + 1 - n,
      customer_name: `Diner ${n}`,
      rating: 5,
      created_at: new Date(Date.UTC(2026, 10, 1) - n * 60_000).toISOString(),
      feedback_text: `Review number ${n}`,
    });
    const asked: string[] = [];
    const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
    const errors = trackPageErrors(page);
    await page.route('**/api/feedback/public*', (route) => {
      const url = new URL(route.request().url());
      asked.push(url.search);
      const from = Number(url.searchParams.get('cursor') ?? total + 1);
      const first = total + 2 - from;
      const data = Array.from({ length: Math.min(20, total - first + 1) }, (_, offset) => review(first + offset));
      const next = first + data.length <= total ? String(data[data.length - 1].id) : null;
      return route.fulfill({ json: { success: true, data, page_size: 20, next_cursor: next, total } });
    });

    await page.goto(`${shellOrigin}/feedback`);
    await page.getByRole('article', { name: 'Review by Diner 1' }).waitFor();
    await page.getByText('Showing reviews 1 and 2 of 1,000').waitFor();
    const dots = page.getByRole('button', { name: /^Show review/ });
    expect(await dots.count()).toBe(7);
    // Each dot keeps its full 24 px target, none squeezed.
    const sizes = await dots.evaluateAll((buttons) => buttons.map((button) => Math.min((button as HTMLElement).offsetWidth, (button as HTMLElement).offsetHeight)));
    expect(Math.min(...sizes)).toBeGreaterThanOrEqual(24);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    await dots.last().click();
    const olderPage = page.waitForResponse((response) => response.url().includes('cursor='));
    await dots.last().click();
    await olderPage;
    await page.getByRole('article', { name: 'Review by Diner 19' }).waitFor();
    for (let step = 0; step < 4; step += 1) await page.getByRole('button', { name: 'Next review' }).click();
    await page.getByRole('article', { name: 'Review by Diner 23' }).waitFor();
    expect(asked).toEqual(['', '?cursor=981']);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(errors).toEqual([]);
    await page.close();
  });
});
