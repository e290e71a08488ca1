import type { Browser, Page } from 'playwright-core';
import { trackPageErrors, waitForAddress } from '../support/browser';
import { openTable } from '../support/open-table';
import { staffHeaders } from '../support/staff-token';
import { withSiteAndBrowser } from '../support/site-and-browser';
import { apiOrigin, shellOrigin } from '../support/test-ports';

let browser: Browser;

withSiteAndBrowser((_site, launched) => (browser = launched));

async function enterTableCode(page: Page, code: string) {
  await page.goto(`${shellOrigin}/refilling`);
  await page.getByRole('button', { name: 'Continue' }).waitFor();
  // Typed in lower case, as a diner would: the page upper-cases it.
  await page.getByLabel('Table code').fill(code.toLowerCase());
  await page.getByRole('button', { name: 'Continue' }).click();
  await waitForAddress(page, `${shellOrigin}/refill-request`);
}

describe('refills in the browser', () => {
  it('keeps the cursor where the diner edits the table code', async () => {
    const page = await browser.newPage({ viewport: { width: 360, height: 740 } });
    await page.goto(`${shellOrigin}/refilling`);
    const field = page.getByLabel('Table code');
    await field.click();
    await page.keyboard.type('abef');
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.type('cd');
    expect(await field.inputValue()).toBe('ABCDEF');
    await page.close();
  });

  it('a diner enters the table code, asks for 2 Pork and 1 Kimchi, and the request reaches the API', async () => {
    const code = await openTable(1);
    const page = await browser.newPage({ viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true });
    const errors = trackPageErrors(page);

    await page.goto(`${shellOrigin}/refilling`);
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('alert').filter({ hasText: 'Enter table code' }).waitFor();
    await page.getByLabel('Table code').fill('ZZZZZZ');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('alert').filter({ hasText: 'Invalid table code. Please check and try again.' }).waitFor();

    await enterTableCode(page, code);
    await page.getByText(code, { exact: true }).waitFor();
    expect(await page.locator('dd').filter({ hasText: /^1$/ }).count()).toBe(1);
    const timer = page.getByRole('timer');
    await page.waitForFunction(() => /^01:(29|30):\d\d$/.test(document.querySelector('[role=timer]')?.textContent ?? ''));
    const before = await timer.innerText();
    // The timer counts down: its text changes within a few seconds.
    await page.waitForFunction((shown) => document.querySelector('[role=timer]')?.textContent !== shown, before, { timeout: 5000 });
    expect(await page.getByText('On-going', { exact: true }).count()).toBe(1);

    const more = (item: string) => page.getByRole('button', { name: `One more ${item}`, exact: true });
    await more('Pork').click();
    await more('Pork').click();
    await more('Kimchi').click();
    await page.getByText('Kimchi (1), Pork (2)').waitFor();
    await page.getByRole('button', { name: 'Submit' }).click();
    await waitForAddress(page, `${shellOrigin}/refill-request-submitted`);
    await page.getByRole('heading', { name: 'Refill request sent!' }).waitFor();

    const refillId = await page.evaluate(() => localStorage.getItem('currentRefillId'));
    expect(Number(refillId)).toBeGreaterThan(0);
    // The staff queue shows what the diner chose, for their table.
    const queue = (await (await fetch(`${apiOrigin}/api/staff/refill-requests`, { headers: staffHeaders() })).json()) as {
      data: { id: number; table_number: number; request_type: string; notes: string; status: string }[];
    };
    expect(queue.data.find((row) => row.id === Number(refillId))).toMatchObject({
      table_number: 1,
      request_type: 'Kimchi (1), Pork (2)',
      notes: 'side: Kimchi x1; meat: Pork x2; food: none',
      status: 'pending',
    });

    await page.getByRole('link', { name: 'Back to Refill Request' }).click();
    await waitForAddress(page, `${shellOrigin}/refill-request`);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('a request made while the Wi-Fi is down waits on the phone and arrives exactly once when it is back', async () => {
    const code = await openTable(3);
    const context = await browser.newContext({ viewport: { width: 360, height: 740 } });
    const page = await context.newPage();
    const errors = trackPageErrors(page);
    const posted: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().endsWith('/api/refill-requests')) posted.push(request.headers()['idempotency-key'] ?? '');
    });
    await enterTableCode(page, code);
    await page.getByRole('button', { name: 'One more Beef', exact: true }).click();

    await context.setOffline(true);
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.getByText(/Waiting for the connection: your request is saved on this phone/).waitFor();
    expect(await page.getByRole('alert').innerText()).toContain('Unable to submit refill request. Please check your connection and try again.');

    await context.setOffline(false);
    await waitForAddress(page, `${shellOrigin}/refill-request-submitted`);
    const refillId = Number(await page.evaluate(() => localStorage.getItem('currentRefillId')));
    const queue = (await (await fetch(`${apiOrigin}/api/staff/refill-requests`, { headers: staffHeaders() })).json()) as {
      data: { id: number; table_number: number; request_type: string }[];
    };
    expect(queue.data.filter((row) => row.table_number === 3)).toEqual([expect.objectContaining({ id: refillId, request_type: 'Beef (1)' })]);
    expect(new Set(posted.filter(Boolean)).size).toBe(1);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("when the table's time runs out the page shows Completed and goes to /timesup", async () => {
    const code = await openTable(2, 0.1);
    const refill = await fetch(`${apiOrigin}/api/refill-requests`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ table_code: code, request_type: 'Rice (1)', notes: 'side: none; meat: none; food: Rice x1' }),
    });
    const refillId = ((await refill.json()) as { id: number }).id;
    const page = await browser.newPage({ viewport: { width: 360, height: 740 } });
    const errors = trackPageErrors(page);
    await enterTableCode(page, code);
    await page.evaluate((id) => localStorage.setItem('currentRefillId', String(id)), refillId);
    await page.getByText('Completed', { exact: true }).waitFor({ timeout: 15_000 });
    await waitForAddress(page, `${shellOrigin}/timesup`);
    // The table's open request was marked completed, so it left the staff queue.
    const queue = (await (await fetch(`${apiOrigin}/api/staff/refill-requests`, { headers: staffHeaders() })).json()) as {
      data: { id: number }[];
    };
    expect(queue.data.map((row) => row.id)).not.toContain(refillId);
    await page.getByRole('heading', { name: "Time's up!" }).waitFor();
    expect(await page.evaluate((table) => localStorage.getItem(`refillDeadline:${table}`), code)).toBeNull();
    expect(errors).toEqual([]);
    await page.close();
  });
});
