import { addDaysToIsoDate, MONTH_NAMES, restaurantToday, slotLabel } from '@samgyup/shared/reservation';
import type { Browser, Page } from 'playwright-core';
import { createCustomer, logInCustomerViaApi } from '../support/accounts';
import { trackPageErrors, waitForAddress, waitForPage } from '../support/browser';
import { createStaffAccount } from '../support/create-staff';
import { waitForMail } from '../support/mailbox';
import { withSiteAndBrowser } from '../support/site-and-browser';
import { staffHeaders } from '../support/staff-token';
import { apiOrigin, shellOrigin } from '../support/test-ports';

// Groups of up to 20 (#31) on a 390 px phone: a party of 12 and a party of 20 book
// joined tables through the reservation form, the host stand seats a group on its
// joined tables, and a party nothing seats is told what it can do instead.

let browser: Browser;
withSiteAndBrowser((_site, launched) => (browser = launched));

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
// A day three weeks ahead that no other test books.
const DATE = addDaysToIsoDate(restaurantToday(), 23);

/** A logged-in diner on a 390 px phone. */
async function diner(first: string) {
  const account = await createCustomer({ first_name: first, last_name: 'Barkada' });
  const login = await logInCustomerViaApi(account.email, account.password);
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  await context.addInitScript((user) => localStorage.setItem('user', user), JSON.stringify({ ...login, name: `${first} Barkada` }));
  const page = await context.newPage();
  return { account, auth: { Authorization: `Bearer ${login.token}` }, page, errors: trackPageErrors(page) };
}

/** Seats free on DATE at `time`: every free table's seats. */
async function freeSeats(time: string): Promise<number> {
  const answer = (await (await fetch(`${apiOrigin}/api/tables/available?date=${DATE}&time=${time}`)).json()) as { data: { capacity: number }[] };
  return answer.data.reduce((sum, table) => sum + table.capacity, 0);
}

/** On /reservation-date: the party's size, DATE and the slot `time`, then on to the form. */
async function chooseDateFor(page: Page, guests: number, time: string) {
  await page.goto(`${shellOrigin}/reservation-date`);
  await page.getByLabel('Guests').fill(String(guests));
  const [year, month] = restaurantToday().split('-').map(Number);
  const [targetYear, targetMonth, targetDay] = DATE.split('-').map(Number);
  await page.getByRole('heading', { name: `${MONTH_NAMES[month - 1]} ${year}` }).waitFor();
  if (targetMonth !== month) await page.getByRole('button', { name: 'Next month' }).click();
  await page.getByRole('button', { name: new RegExp(`${MONTH_NAMES[targetMonth - 1]} ${targetDay}, ${targetYear}, available`) }).click();
  await page
    .locator('label')
    .filter({ hasText: slotLabel(time) })
    .click();
  await page.getByRole('button', { name: 'Next', exact: true }).click();
  await page.waitForURL(/\/reservation-form\?/);
  expect(await page.getByLabel('Guests').inputValue()).toBe(String(guests));
  await page.getByLabel('Phone').fill('0917 555 0120');
}

/** The picker's choices that can be chosen, in the order shown. */
async function choices(page: Page): Promise<string[]> {
  await page.getByText('Let the restaurant choose the best table').waitFor();
  return page.locator('.table-picker__option:not(.table-picker__option--too-small) .table-picker__number').allInnerTexts();
}

describe('groups of up to 20 in the browser', () => {
  it('a party of 12 and a party of 20 book joined tables through the form; the pages, the confirmation and My reservations name them', async () => {
    const twelve = await diner('Dodong');
    const before = await freeSeats('17:00');
    await chooseDateFor(twelve.page, 12, '17:00');
    // Only what seats 12, best fit first (fewest spare seats, then fewest tables).
    expect(await choices(twelve.page)).toEqual([
      'Tables 7 + 8 · seats 12',
      'Tables 9 + 10 · seats 16',
      'Tables 8 + 9 + 10 · seats 20',
      'Tables 7 + 8 + 9 + 10 · seats 26',
      'Let the restaurant choose the best table',
    ]);
    await twelve.page.locator('label').filter({ hasText: 'Tables 7 + 8 · seats 12' }).click();
    await twelve.page.getByRole('button', { name: 'Continue to payment' }).click();
    await waitForPage(twelve.page, `${shellOrigin}/reservation-upload`);
    const saved = twelve.page.getByText(/Reservation #\d+ saved/);
    await saved.waitFor();
    const id = Number(/#(\d+)/.exec(await saved.innerText())![1]);
    await twelve.page.getByText('Tables 7 + 8', { exact: true }).waitFor();
    expect(before - (await freeSeats('17:00'))).toBeGreaterThanOrEqual(12);
    await twelve.page.getByLabel(/Proof of payment/).setInputFiles({ name: 'gcash-receipt.png', mimeType: 'image/png', buffer: PNG });
    await twelve.page.getByRole('button', { name: 'Submit proof of payment' }).click();
    await waitForAddress(twelve.page, `${shellOrigin}/reservation-pending?id=${id}`);
    await twelve.page.getByText('Tables 7 + 8', { exact: true }).waitFor();
    await twelve.page.getByText('12 People', { exact: true }).waitFor();
    expect((await fetch(`${apiOrigin}/api/staff/reservations/${id}/confirm`, { method: 'POST', headers: staffHeaders() })).status).toBe(200);
    expect((await waitForMail(twelve.account.email, 15_000, 'Your table at Samgyup Plaridel is confirmed')).text).toContain('Tables 7 + 8');

    const twenty = await diner('Inday');
    const beforeTwenty = await freeSeats('18:30');
    await chooseDateFor(twenty.page, 20, '18:30');
    const offered = await choices(twenty.page);
    expect(offered).toEqual(['Tables 8 + 9 + 10 · seats 20', 'Tables 7 + 8 + 9 + 10 · seats 26', 'Let the restaurant choose the best table']);
    await twenty.page.locator('label').filter({ hasText: 'Let the restaurant choose the best table' }).click();
    await twenty.page.getByRole('button', { name: 'Continue to payment' }).click();
    await waitForPage(twenty.page, `${shellOrigin}/reservation-upload`);
    await twenty.page.getByText(/Reservation #\d+ saved/).waitFor();
    // The restaurant chose the best fit when the booking was saved.
    await twenty.page.getByText('Tables 8 + 9 + 10', { exact: true }).waitFor();
    expect(beforeTwenty - (await freeSeats('18:30'))).toBeGreaterThanOrEqual(20);

    for (const party of [twelve, twenty]) {
      await party.page.goto(`${shellOrigin}/my-reservations`);
      await party.page.getByText(party === twelve ? /Tables 7 \+ 8 · 12 People/ : /Tables 8 \+ 9 \+ 10 · 20 People/).waitFor();
      expect(party.errors).toEqual([]);
      await party.page.context().close();
    }
  }, 180_000);

  it('a party that nothing seats sees the slots full for it, the message, other times with room, the waitlist for its size and the phone', async () => {
    // After the first test, 5:00 PM and 6:30 PM on DATE have no room left for 20; 8:00 PM has.
    const party = await diner('Nonoy');
    await chooseDateFor(party.page, 20, '18:30');
    await party.page.getByRole('radio', { name: `${slotLabel('18:30')} (full for 20)` }).waitFor();
    const noFit = party.page.locator('.table-picker__no-fit');
    await noFit.getByText('No table or joined tables seat 20 at this time.').waitFor();
    await noFit.getByText('These times still have room for 20:').waitFor();
    const [year, month, day] = DATE.split('-').map(Number);
    const later = noFit.getByRole('button', { name: `${MONTH_NAMES[month - 1]} ${day}, ${year}, ${slotLabel('20:00')}` });
    await later.waitFor();
    expect(await noFit.getByRole('link', { name: 'Join the waitlist for 20 at this time' }).getAttribute('href')).toBe(`/reservation-waitlist?date=${DATE}&time=18:30&guests=20`);
    await noFit.getByText('For larger groups or special events, call us at').waitFor();
    expect(await noFit.locator('a[href^="tel:"]').getAttribute('href')).toMatch(/^tel:\+?\d+$/);
    // Taking the time that has room offers what seats 20 there.
    await later.click();
    expect(await choices(party.page)).toEqual(['Tables 8 + 9 + 10 · seats 20', 'Tables 7 + 8 + 9 + 10 · seats 26', 'Let the restaurant choose the best table']);
    expect(party.errors).toEqual([]);
    await party.page.context().close();
  }, 120_000);

  it('the host stand seats a group on its joined tables with one code: each shows seated, no walk-in can take one, and the code reaches the refill queue', async () => {
    const customer = await diner('Bunso');
    await customer.page.context().close();
    const booked = await fetch(`${apiOrigin}/api/reservations`, {
      method: 'POST',
      headers: { ...customer.auth, 'Content-Type': 'application/json' },
      body: JSON.stringify({
        customer_name: 'Bunso Barkada',
        phone: '0917 555 0121',
        email: customer.account.email,
        best_table: true,
        number_of_guests: 12,
        reservation_date: restaurantToday(),
        reservation_time: '20:00',
      }),
    });
    expect(booked.status).toBe(201);
    const { id, table_numbers: tables } = ((await booked.json()) as { data: { id: number; table_numbers: number[] } }).data;
    expect(tables.length).toBeGreaterThan(1);
    const joinedLabel = `Tables ${tables.join(' + ')}`;

    const staffEmail = `groups.host.${Date.now()}@samgyup.test`;
    expect(await createStaffAccount(staffEmail, 'Group Host', 'group-host-1', 'staff')).toContain('can now log in');
    const page = await (await browser.newContext({ viewport: { width: 390, height: 844 } })).newPage();
    const errors = trackPageErrors(page);
    await page.goto(`${shellOrigin}/staff/login?next=${encodeURIComponent(`/staff/reservations?id=${id}`)}`);
    await page.getByRole('button', { name: 'Log in' }).waitFor();
    await page.getByLabel('Email').fill(staffEmail);
    await page.getByLabel('Password', { exact: true }).fill('group-host-1');
    await page.getByRole('button', { name: 'Log in' }).click();
    const detail = page.getByRole('complementary', { name: `Reservation #${id}` });
    await detail.getByText(`${joinedLabel}, 12 People`).waitFor();
    await detail.getByRole('button', { name: 'Confirm', exact: true }).click();
    await page
      .getByText(new RegExp(`^Reservation #${id} is confirmed`))
      .first()
      .waitFor();

    // On a deployment the other files share, a walk-in an earlier file seated may still sit at one of the group's
    // tables (live-updates seats table 8): that party leaves first, as it would before a booked group arrives.
    const floor = (
      (await (await fetch(`${apiOrigin}/api/staff/tables`, { headers: staffHeaders() })).json()) as { data: { table_number: number; session: { id: number } | null }[] }
    ).data;
    for (const { session } of floor.filter((table) => tables.includes(table.table_number) && table.session)) {
      expect((await fetch(`${apiOrigin}/api/staff/dining-sessions/${session!.id}/close`, { method: 'POST', headers: staffHeaders() })).status).toBe(200);
    }

    await page.goto(`${shellOrigin}/staff/tables`);
    const tonight = page.getByRole('list', { name: `Tonight at table ${tables[0]}` });
    await tonight.getByRole('button', { name: 'Seat Bunso Barkada' }).click();
    const seated = page.getByText(new RegExp(`^Bunso Barkada's party is seated at tables ${tables.join(' \\+ ')}\\. Its code is ([A-Z0-9]{6})\\.$`));
    await seated.waitFor();
    const code = /([A-Z0-9]{6})\.$/.exec(await seated.innerText())![1];
    for (const number of tables) {
      const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: `Table ${number}`, exact: true }) });
      await card.getByText('Seated', { exact: true }).first().waitFor();
      await card.getByText(`Joined: ${joinedLabel}`).waitFor();
      await card.getByText(code).first().waitFor();
      expect(await card.getByRole('button', { name: `Seat a party at table ${number}`, exact: true }).count()).toBe(0);
    }
    // A walk-in cannot be put on one of the group's tables, however it is asked.
    const walkIn = await fetch(`${apiOrigin}/api/staff/dining-sessions`, {
      method: 'POST',
      headers: { ...staffHeaders(), 'Content-Type': 'application/json' },
      body: JSON.stringify({ table_number: tables[1] }),
    });
    expect(walkIn.status).toBe(409);
    expect(((await walkIn.json()) as { message: string }).message).toBe(`Table ${tables[1]} already has a dining session. Close it before opening a new one.`);

    const refill = await fetch(`${apiOrigin}/api/refill-requests`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ table_code: code, request_type: 'Pork (2)', notes: '' }),
    });
    expect(refill.status).toBe(201);
    await page.goto(`${shellOrigin}/staff/refills`);
    await page.getByRole('heading', { name: joinedLabel }).first().waitFor();

    // The party leaves: one close frees every table, so tonight's floor is free again for the other tests.
    await page.goto(`${shellOrigin}/staff/tables`);
    await page
      .getByRole('button', { name: `Close ${joinedLabel.toLowerCase()}`, exact: true })
      .first()
      .click();
    // Closing ends the party's session, so the console asks first.
    await page
      .getByRole('dialog', { name: `Close ${joinedLabel.toLowerCase()}?` })
      .getByRole('button', { name: `Close ${joinedLabel.toLowerCase()} now` })
      .click();
    await page.getByText(`${joinedLabel} are closed.`).waitFor();
    await page.getByRole('button', { name: `Seat a party at table ${tables[1]}`, exact: true }).waitFor();
    expect(errors).toEqual([]);
    await page.context().close();
  }, 180_000);
});
