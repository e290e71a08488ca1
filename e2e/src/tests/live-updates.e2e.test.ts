import type { Browser, Page, Request } from 'playwright-core';
import { trackPageErrors, waitForAddress } from '../support/browser';
import { createStaffAccount } from '../support/create-staff';
import { logInToConsole } from '../support/log-in';
import { openTable } from '../support/open-table';
import { withSiteAndBrowser } from '../support/site-and-browser';
import { staffHeaders } from '../support/staff-token';
import { apiOrigin, shellOrigin } from '../support/test-ports';

let browser: Browser;
withSiteAndBrowser((_site, launched) => (browser = launched));

const staffEmail = `live.${Date.now()}@samgyup.test`;
const staffPassword = 'live-updates-1';

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

let code: string;
beforeAll(async () => {
  expect(await createStaffAccount(staffEmail, 'Live Counter', staffPassword, 'staff')).toContain('can now log in');
  code = await openTable(8);
});

async function logInToRefillQueue(): Promise<Page> {
  const staff = await (await browser.newContext({ viewport: { width: 1024, height: 768 } })).newPage();
  await logInToConsole(staff, '/staff/refills', staffEmail, staffPassword);
  return staff;
}

const requestRefill = (requestType: string) =>
  fetch(`${apiOrigin}/api/refill-requests`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ table_code: code, request_type: requestType, notes: '' }),
  });

describe('live updates in two browsers', () => {
  it('a refill request reaches the staff queue within a second without polling, and the diner sees the staff move it', async () => {
    const staff = await (await browser.newContext({ viewport: { width: 1024, height: 768 } })).newPage();
    const staffErrors = trackPageErrors(staff);
    const queueLoads: string[] = [];
    staff.on('request', (request) => {
      if (request.method() === 'GET' && request.url().includes('/api/staff/refill-requests')) queueLoads.push(request.url());
    });
    await staff.goto(`${shellOrigin}/staff/login?next=%2Fstaff%2Frefills`);
    await staff.getByRole('button', { name: 'Log in' }).waitFor();
    await staff.getByLabel('Email').fill(staffEmail);
    await staff.getByLabel('Password', { exact: true }).fill(staffPassword);
    const staffStream = staff.waitForResponse((response) => response.url().includes('/api/staff/live?'));
    const queueListed = staff.waitForResponse((response) => response.request().method() === 'GET' && response.url().includes('/api/staff/refill-requests'));
    await staff.getByRole('button', { name: 'Log in' }).click();
    await waitForAddress(staff, `${shellOrigin}/staff/refills`);
    // The queue is read once; the console's stream opens after where it stood then, so nothing asks for the queue again.
    const queuePosition = ((await (await queueListed).json()) as { live_event_id: string }).live_event_id;
    const openedStaffStream = await staffStream;
    expect(openedStaffStream.status()).toBe(200);
    expect(new URL(openedStaffStream.url()).searchParams.get('last_event_id')).toBe(queuePosition);

    const diner = await (await browser.newContext({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true })).newPage();
    const dinerErrors = trackPageErrors(diner);
    const statusLoads: string[] = [];
    diner.on('request', (request) => {
      if (request.url().includes('/refill-requests') && request.method() === 'GET') statusLoads.push(request.url());
    });
    await diner.goto(`${shellOrigin}/refilling`);
    await diner.getByRole('button', { name: 'Continue' }).waitFor();
    await diner.getByLabel('Table code').fill(code);
    await diner.getByRole('button', { name: 'Continue' }).click();
    await waitForAddress(diner, `${shellOrigin}/refill-request`);

    // The diner asks in the browser; the staff screen shows it.
    await diner.getByRole('button', { name: 'One more Pork', exact: true }).click();
    const dinerStream = diner.waitForResponse((response) => response.url().includes(`/api/tables/${code}/live`));
    // The page that follows loads the table's list and opens its stream after where the stream
    // stood then (`live_event_id`), so it need not load the list again once the stream is open.
    // Only a read sent after Submit is that page's: the request page's own read may still be on its way.
    const sentAfterSubmit = new WeakSet<Request>();
    let submitting = false;
    diner.on('request', (request) => {
      if (submitting) sentAfterSubmit.add(request);
    });
    const dinerListed = diner.waitForResponse(
      (response) => sentAfterSubmit.has(response.request()) && response.request().method() === 'GET' && response.url().includes(`/api/tables/${code}/refill-requests`),
    );
    submitting = true;
    await diner.getByRole('button', { name: 'Submit' }).click();
    await waitForAddress(diner, `${shellOrigin}/refill-request-submitted`);
    const listPosition = ((await (await dinerListed).json()) as { live_event_id: string }).live_event_id;
    const openedDinerStream = await dinerStream;
    expect(openedDinerStream.status()).toBe(200);
    expect(new URL(openedDinerStream.url()).searchParams.get('last_event_id')).toBe(listPosition);
    await staff.getByRole('listitem', { name: /^Table 8: Pork \(1\)/ }).waitFor({ timeout: 5000 });
    await diner.getByText('Received', { exact: true }).waitFor();
    // Both pages are live now: what they loaded so far is all they load.
    const [queueLoadsBefore, statusLoadsBefore] = [queueLoads.length, statusLoads.length];

    // Staff move it; the diner's page follows.
    const request = staff.getByRole('listitem', { name: /^Table 8: Pork \(1\)/ });
    await request.getByRole('button', { name: 'In progress' }).click();
    await diner.getByText('In progress', { exact: true }).waitFor({ timeout: 5000 });
    await request.getByRole('button', { name: 'Completed' }).click();
    await diner.getByText('Served', { exact: true }).waitFor({ timeout: 5000 });
    await request.waitFor({ state: 'detached' });

    // How long an event takes from the API's answer to the other browser: a request the staff queue shows, and its
    // move the diner's list shows (the page's clock read as soon as the element is there; same machine).
    const toStaff: number[] = [];
    const toDiner: number[] = [];
    for (let round = 0; round < 5; round += 1) {
      const created = await requestRefill('General Refill');
      const acceptedAt = Date.now();
      expect(created.status).toBe(201);
      const id = ((await created.json()) as { id: number }).id;
      const queued = staff.getByRole('listitem', { name: 'Table 8: General Refill' });
      await queued.waitFor({ timeout: 1000 });
      toStaff.push((await staff.evaluate(() => Date.now())) - acceptedAt);

      const moved = await fetch(`${apiOrigin}/api/refill-requests/${id}/status`, {
        method: 'PATCH',
        headers: { ...staffHeaders(), 'Content-Type': 'application/json' },
        body: JSON.stringify({ status: 'completed' }),
      });
      const movedAt = Date.now();
      expect(moved.status).toBe(200);
      await queued.waitFor({ state: 'detached', timeout: 1000 });
      await diner.waitForFunction((wanted) => document.body.innerText.split('Served').length - 1 >= wanted, round + 2, { timeout: 1000 });
      toDiner.push((await diner.evaluate(() => Date.now())) - movedAt);
    }
    console.log(
      `Live event latency, API answer to the other browser (5 events each): to staff median ${median(toStaff)} ms, max ${Math.max(...toStaff)} ms; ` +
        `to diner median ${median(toDiner)} ms, max ${Math.max(...toDiner)} ms`,
    );
    expect(Math.max(...toStaff)).toBeLessThan(1000);
    expect(Math.max(...toDiner)).toBeLessThan(1000);

    // Nothing was polled or read again: the lists changed from pushes alone, and each was read once.
    expect(queueLoads.length).toBe(queueLoadsBefore);
    expect(queueLoads).toHaveLength(1);
    expect(statusLoads.length).toBe(statusLoadsBefore);

    // Away from the queue, a new request counts in its tab until the staff open it.
    await staff.getByRole('link', { name: 'Reservations' }).click();
    await waitForAddress(staff, `${shellOrigin}/staff/reservations`);
    const created = await requestRefill('Rice (1)');
    expect(created.status).toBe(201);
    const queueTab = staff.getByRole('link', { name: /^Refill queue/ });
    await queueTab.getByLabel('1 new').waitFor({ timeout: 5000 });
    await queueTab.click();
    await staff.getByRole('listitem', { name: 'Table 8: Rice (1)' }).waitFor();
    expect(await queueTab.getByLabel(/new$/).count()).toBe(0);

    expect(staffErrors).toEqual([]);
    expect(dinerErrors).toEqual([]);
    await staff.context().close();
    await diner.context().close();
  }, 90_000);

  it('counts a request that lands while the console moves to another screen, from the first move of a fresh login on', async () => {
    // A fresh login's stream has carried no event yet; the request lands between its close and the next screen's stream.
    const staff = await logInToRefillQueue();
    const staffErrors = trackPageErrors(staff);
    const queueTab = staff.getByRole('link', { name: /^Refill queue/ });
    for (const requestType of ['Kimchi (1)', 'Chicken (1)', 'Beef (1)']) {
      await staff.getByRole('link', { name: 'Reservations' }).click();
      await waitForAddress(staff, `${shellOrigin}/staff/reservations`);
      const created = await requestRefill(requestType);
      expect(created.status).toBe(201);
      await queueTab.getByLabel('1 new').waitFor({ timeout: 5000 });

      await queueTab.click();
      const queued = staff.getByRole('listitem', { name: `Table 8: ${requestType}` });
      await queued.waitFor();
      expect(await queueTab.getByLabel(/new$/).count()).toBe(0);
      await queued.getByRole('button', { name: 'Completed' }).click();
      await queued.waitFor({ state: 'detached' });
    }
    expect(staffErrors).toEqual([]);
    await staff.context().close();
  }, 60_000);
});
