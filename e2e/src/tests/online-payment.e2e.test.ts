import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { e2eApiEnv, startApi } from '@samgyup/dev-site';
import { startFakePaymongo, type FakePaymongo } from '@samgyup/fake-paymongo';
import { restaurantToday } from '@samgyup/shared/reservation';
import type { Browser, Page } from 'playwright-core';
import { createCustomer } from '../support/accounts';
import { launchBrowser, trackPageErrors, waitForAddress } from '../support/browser';
import { logInWithForm } from '../support/log-in';
import { settleAll } from '../support/site-and-browser';
import { startTestSite, type TestSite } from '../support/test-site';
import { shellOrigin, testPorts } from '../support/test-ports';

// The down payment paid online: the site with an API of this file's own, set
// to PayMongo's provider against the local fake of PayMongo's API.

const SECRET_KEY = 'sk_test_e2e_online_payment_0123456789';
const WEBHOOK_SECRET = 'whsk_e2e_online_payment_0123456789';

let fake: FakePaymongo;
let api: Awaited<ReturnType<typeof startApi>> | undefined;
let site: TestSite | undefined;
let browser: Browser | undefined;
let dataDir: string;

beforeAll(async () => {
  fake = await startFakePaymongo({ secretKey: SECRET_KEY, webhookSecret: WEBHOOK_SECRET });
  dataDir = mkdtempSync(path.join(tmpdir(), 'samgyup-e2e-payment-'));
  const starts = [
    startApi({
      port: testPorts.spare[0],
      // A fresh embedded database first runs initdb: over a minute on a busy machine.
      timeoutMs: 180_000,
      stdio: ['ignore', 'ignore', 'inherit'],
      env: {
        ...process.env,
        ...e2eApiEnv,
        DATA_DIR: dataDir,
        DATABASE_URL: '',
        CORS_ORIGINS: [shellOrigin, `http://localhost:${testPorts.shell}`].join(','),
        SITE_URL: shellOrigin,
        LOG_LEVEL: 'warn',
        PAYMENT_PROVIDER: 'paymongo',
        PAYMONGO_SECRET_KEY: SECRET_KEY,
        PAYMONGO_WEBHOOK_SECRET: WEBHOOK_SECRET,
        PAYMONGO_API_URL: fake.url,
      },
    }).then((started) => (api = started)),
    launchBrowser().then((launched) => (browser = launched)),
  ];
  await settleAll(starts);
  fake.settings.webhookUrl = `${api!.origin}/api/payments/paymongo/webhook`;
  site = await startTestSite({ apiUrl: api!.origin });
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await site?.close();
  await api?.stop();
  await fake?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

let booked = 0;
/** A logged-in diner on the upload page, the reservation saved there; answers its id. */
async function bookUpToPayment(page: Page): Promise<number> {
  const account = await createCustomer({}, api!.origin);
  await page.goto(`${shellOrigin}/login-reservation`);
  await logInWithForm(page, account.email, account.password);
  await waitForAddress(page, `${shellOrigin}/reservation-date`);
  booked += 1;
  const [year, month, day] = restaurantToday().split('-').map(Number);
  const date = new Date(Date.UTC(year, month - 1, day + 3 + booked)).toISOString().slice(0, 10);
  await page.evaluate(
    ([draft]) => localStorage.setItem('pendingReservation', draft),
    [
      JSON.stringify({
        customer_name: 'Ana Cruz',
        email: account.email,
        phone: '0917 555 0142',
        reservation_date: date,
        reservation_time: '18:30',
        time_label: '6:30 PM - 8:00 PM',
        table_id: 4,
        table_number: 4,
        number_of_guests: 2,
        occasion: null,
        notes: null,
        idempotency_key: `e2e-pay-${Date.now()}-${booked}`,
      }),
    ],
  );
  await page.goto(`${shellOrigin}/reservation-upload`);
  const saved = page.getByText(/Reservation #\d+ saved/);
  await saved.waitFor();
  return Number(/#(\d+)/.exec(await saved.innerText())![1]);
}

// An API of its own: never against a deployment (own-site-tests.cjs).
describe('paying the down payment online', () => {
  it("books, goes to PayMongo's checkout, pays with GCash, the signed webhook arrives, and lands on the confirmed page", async () => {
    const page = await browser!.newPage({ viewport: { width: 390, height: 844 } });
    const errors = trackPageErrors(page);
    const id = await bookUpToPayment(page);
    // The proof upload stays beside it.
    await page.getByRole('button', { name: 'Submit proof of payment' }).waitFor();
    await page.getByRole('button', { name: 'Pay ₱100 with GCash, Maya, QR Ph or card' }).click();
    await page.waitForURL(new RegExp(`^${fake.url}/checkout/cs_`));
    await page.getByRole('button', { name: 'Pay ₱100.00 with GCash' }).click();
    await waitForAddress(page, `${shellOrigin}/reservation-confirmed?id=${id}`, 30_000);
    await page.getByRole('heading', { name: 'Reservation confirmed!' }).waitFor();
    await page.getByRole('button', { name: 'Add to calendar' }).waitFor();
    expect(fake.events.filter((event) => event.type === 'checkout_session.payment.paid').every((event) => event.delivered)).toBe(true);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('with the webhook withheld, the return to the site still shows the payment', async () => {
    fake.settings.withholdWebhooks = true;
    try {
      const page = await browser!.newPage({ viewport: { width: 390, height: 844 } });
      const id = await bookUpToPayment(page);
      await page.getByRole('button', { name: 'Pay ₱100 with GCash, Maya, QR Ph or card' }).click();
      await page.waitForURL(new RegExp(`^${fake.url}/checkout/cs_`));
      await page.getByRole('button', { name: 'Pay ₱100.00 with Maya' }).click();
      await waitForAddress(page, `${shellOrigin}/reservation-confirmed?id=${id}`, 30_000);
      await page.getByRole('heading', { name: 'Reservation confirmed!' }).waitFor();
      expect(fake.events.filter((event) => event.delivered === false).length).toBeGreaterThan(0);
      await page.close();
    } finally {
      fake.settings.withholdWebhooks = false;
    }
  });
});
