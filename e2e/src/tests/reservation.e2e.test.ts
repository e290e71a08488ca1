import { MONTH_NAMES, restaurantToday } from '@samgyup/shared/reservation';
import type { Browser } from 'playwright-core';
import { trackPageErrors, waitForAddress, waitForPage } from '../support/browser';
import { logInWithForm, tickCaptcha } from '../support/log-in';
import { withSiteAndBrowser } from '../support/site-and-browser';
import { apiOrigin, shellOrigin } from '../support/test-ports';

let browser: Browser;

withSiteAndBrowser((_site, launched) => (browser = launched));

// The smallest real PNG: a 1×1 pixel.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

describe('reserving a table in the browser', () => {
  it('sign up → log in → date and slot → details and table → payment proof → pending page with the reservation id', async () => {
    const email = `reserve.${Date.now()}@example.com`;
    const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
    const errors = trackPageErrors(page);
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.accept();
    });

    await page.goto(`${shellOrigin}/reservation`);
    await page.getByRole('link', { name: 'Sign up to reserve' }).click();
    await waitForAddress(page, `${shellOrigin}/signup`);
    await page.getByRole('button', { name: 'Create account' }).waitFor();
    await page.getByLabel('First name').fill('Bea');
    await page.getByLabel('Last name').fill('Santos');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('secret123');
    await page.getByLabel('Phone').fill('0917 555 0100');
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.getByText('You must agree to the terms and conditions').waitFor();
    await tickCaptcha(page);
    await page.getByRole('button', { name: 'Create account' }).click();
    await waitForAddress(page, `${shellOrigin}/loginReservation`);
    expect(dialogs).toEqual(['Registration successful! Please login to continue.']);

    await logInWithForm(page, email, 'secret123');
    await waitForAddress(page, `${shellOrigin}/reservation-date`);

    // Three days ahead at the restaurant, which may be next month.
    const [year, month, day] = restaurantToday().split('-').map(Number);
    const target = new Date(Date.UTC(year, month - 1, day + 3));
    const targetMonth = MONTH_NAMES[target.getUTCMonth()];
    await page.getByRole('heading', { name: `${MONTH_NAMES[month - 1]} ${year}` }).waitFor();
    if (target.getUTCMonth() !== month - 1) await page.getByRole('button', { name: 'Next month' }).click();
    const dayButton = page.getByRole('button', { name: new RegExp(`${targetMonth} ${target.getUTCDate()}, ${target.getUTCFullYear()}, available`) });
    await dayButton.click();
    await page.locator('label').filter({ hasText: '6:30 PM - 8:00 PM' }).click();
    await page.getByRole('button', { name: 'Next', exact: true }).click();
    await page.waitForURL(/\/reservation-form\?/);

    await page.getByLabel('Phone').fill('0917 555 0100');
    expect(await page.getByLabel('Name').inputValue()).toBe('Bea Santos');
    await page.getByLabel('Guests').fill('3');
    await page.locator('label').filter({ hasText: 'Table 3' }).click();
    await page.getByRole('button', { name: 'Continue to payment' }).click();
    await waitForPage(page, `${shellOrigin}/reservation-upload`);

    const saved = page.getByText(/Reservation #\d+ saved/);
    await saved.waitFor();
    const id = Number(/#(\d+)/.exec(await saved.innerText())![1]);
    // The address names the saved booking: a reload (a phone's browser does it to a tab the e-wallet app pushed
    // out) opens that booking, drawn by the site's server with the login the cookie mirrors, not saved again.
    await waitForAddress(page, `${shellOrigin}/reservation-upload?id=${id}`);
    const reloaded = await page.reload();
    const drawn = await reloaded!.text();
    expect(drawn).toMatch(new RegExp(`Reservation #(<!-- -->)?${id}(<!-- -->)? saved`));
    expect(drawn).toContain('Upload your proof of payment by');
    expect(reloaded!.headers()['cache-control']).toBe('private, no-store');
    await page.locator('html[data-app-ready]').waitFor({ state: 'attached' });
    // The code is drawn once the diner is near it (below a phone's first screen it waits for the scroll).
    const qr = page.getByRole('img', { name: /QR code for paying ₱100/ });
    await qr.scrollIntoViewIfNeeded();
    await qr.locator('path').waitFor();
    expect(await qr.getAttribute('aria-busy')).toBeNull();
    await page.getByRole('button', { name: 'Submit proof of payment' }).click();
    await page.getByRole('alert').filter({ hasText: 'Please upload proof of payment' }).waitFor();
    await page.getByLabel(/Proof of payment/).setInputFiles({ name: 'gcash-receipt.png', mimeType: 'image/png', buffer: PNG });
    await page.getByRole('button', { name: 'Submit proof of payment' }).click();
    await waitForAddress(page, `${shellOrigin}/reservation-pending?id=${id}`);

    await page.getByRole('heading', { name: 'Reservation submitted!' }).waitFor();
    await page.getByText(`#${id}`, { exact: true }).waitFor();
    // The page receives pending_review and says it in words.
    expect(await page.getByTestId('payment-status').getAttribute('data-payment-status')).toBe('pending_review');
    expect(await page.getByTestId('payment-status').innerText()).toBe('Pending review');
    await page.getByText('Table 3', { exact: true }).waitFor();
    await page.getByText('3 People', { exact: true }).waitFor();

    // The table is now taken for that slot.
    const date = target.toISOString().slice(0, 10);
    const tables = (await (await fetch(`${apiOrigin}/api/tables/available?date=${date}&time=18:30`)).json()) as { data: { table_number: number }[] };
    expect(tables.data.map((table) => table.table_number)).not.toContain(3);
    expect(errors).toEqual([]);
    await page.close();
  });
});
