import { restaurantToday, slotLabel } from '@samgyup/shared/reservation';
import type { Browser } from 'playwright-core';
import { E2E_RESTAURANT_TIME } from '@samgyup/dev-site';
import { createCustomer, logInCustomerViaApi } from '../support/accounts';
import { trackPageErrors } from '../support/browser';
import { createStaffAccount } from '../support/create-staff';
import { logInToConsole } from '../support/log-in';
import { withSiteAndBrowser } from '../support/site-and-browser';
import { staffHeaders } from '../support/staff-token';
import { apiOrigin } from '../support/test-ports';

// The API under test reads the host stand's clock as E2E_RESTAURANT_TIME (6 PM),
// so tonight's 6:30 PM slot is the next one whatever the hour the tests run.

let browser: Browser;
withSiteAndBrowser((_site, launched) => (browser = launched));

const SLOT = '18:30';
const staffEmail = `host.${Date.now()}@samgyup.test`;
const staffPassword = 'host-stand-1';
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

interface FloorTable {
  id: number;
  table_number: number;
  state: string;
  tonight?: unknown[];
}

/**
 * A reservation for tonight's 6:30 PM slot on this table, made as a customer with
 * the proof of payment sent, then confirmed as the staff would (or left for them to decide).
 */
async function bookTonight(tableId: number, name: string, { confirm }: { confirm: boolean }): Promise<number> {
  const account = await createCustomer();
  const login = await logInCustomerViaApi(account.email, account.password);
  const auth = { Authorization: `Bearer ${login.token}` };
  const booked = await fetch(`${apiOrigin}/api/reservations`, {
    method: 'POST',
    headers: { ...auth, 'Content-Type': 'application/json' },
    body: JSON.stringify({
      customer_name: name,
      phone: '0917 555 0123',
      email: account.email,
      table_id: tableId,
      number_of_guests: 2,
      reservation_date: restaurantToday(),
      reservation_time: SLOT,
    }),
  });
  expect(booked.status).toBe(201);
  const id = ((await booked.json()) as { data: { id: number } }).data.id;
  const form = new FormData();
  form.append('file', new Blob([PNG], { type: 'image/png' }), 'receipt.png');
  expect((await fetch(`${apiOrigin}/api/reservations/${id}/payment-proof`, { method: 'POST', headers: auth, body: form })).status).toBe(200);
  if (confirm) expect((await fetch(`${apiOrigin}/api/staff/reservations/${id}/confirm`, { method: 'POST', headers: staffHeaders() })).status).toBe(200);
  return id;
}

describe('the host stand in the browser', () => {
  it("shows tonight's reservation on its table, seats it in one action, and warns before a walk-in takes a booked table", async () => {
    expect(E2E_RESTAURANT_TIME < SLOT).toBe(true);
    expect(await createStaffAccount(staffEmail, 'Host Stand', staffPassword, 'staff')).toContain('can now log in');
    // Two tables nobody else's test is using tonight, free at 6:30 PM.
    const floor = ((await (await fetch(`${apiOrigin}/api/staff/tables`, { headers: staffHeaders() })).json()) as { data: FloorTable[] }).data;
    const available = ((await (await fetch(`${apiOrigin}/api/tables/available?date=${restaurantToday()}&time=${SLOT}`)).json()) as { data: { id: number }[] }).data;
    const [booked, walkIn] = floor.filter((table) => table.state === 'free' && (table.tonight ?? []).length === 0 && available.some((free) => free.id === table.id)).reverse();
    expect(walkIn).toBeDefined();
    await bookTonight(booked.id, 'Dela Cruz', { confirm: true });
    // A booking still waiting for the staff's decision holds its table as well.
    const santos = await bookTonight(walkIn.id, 'Santos', { confirm: false });

    const page = await (await browser.newContext({ viewport: { width: 1024, height: 768 } })).newPage();
    const errors = trackPageErrors(page);
    await logInToConsole(page, '/staff/tables', staffEmail, staffPassword);

    const tonight = page.getByRole('list', { name: `Tonight at table ${booked.table_number}` });
    await tonight.getByText(`${slotLabel(SLOT)}: Dela Cruz, 2 People · Confirmed`).waitFor();
    await tonight.getByRole('button', { name: 'Seat Dela Cruz' }).click();
    await page.getByText(new RegExp(`^Dela Cruz's party is seated at table ${booked.table_number}\\. Its code is [A-Z0-9]{6}\\.$`)).waitFor();
    await tonight.getByText(`${slotLabel(SLOT)}: Dela Cruz, 2 People · Seated`).waitFor();

    await page.getByRole('button', { name: `Seat a party at table ${walkIn.table_number}`, exact: true }).click();
    const warning = page.getByRole('alert').filter({ hasText: `Table ${walkIn.table_number} is booked for ${slotLabel(SLOT)} (Santos, 2 People). Seat a walk-in here anyway?` });
    await warning.waitFor();
    await warning.getByRole('button', { name: 'Keep the table free' }).click();
    await warning.waitFor({ state: 'detached' });
    expect(await page.getByRole('button', { name: `Seat a party at table ${walkIn.table_number}`, exact: true }).count()).toBe(1);
    expect(errors).toEqual([]);
    await page.context().close();

    // Tonight's floor is shared with the other tests (the console's walk-in on table 9):
    // the waiting booking is declined and the seated party leaves, so both tables are free again.
    const declined = await fetch(`${apiOrigin}/api/staff/reservations/${santos}/decline`, {
      method: 'POST',
      headers: { ...staffHeaders(), 'Content-Type': 'application/json' },
      body: JSON.stringify({ reason: 'End of the host stand test.' }),
    });
    expect(declined.status).toBe(200);
    const after = ((await (await fetch(`${apiOrigin}/api/staff/tables`, { headers: staffHeaders() })).json()) as { data: (FloorTable & { session: { id: number } | null })[] })
      .data;
    const seated = after.find((table) => table.id === booked.id)!.session!;
    expect((await fetch(`${apiOrigin}/api/staff/dining-sessions/${seated.id}/close`, { method: 'POST', headers: staffHeaders() })).status).toBe(200);
  }, 90_000);
});
