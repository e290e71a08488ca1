import { rememberApiAnswers } from '@samgyup/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { staffSessionStore } from '../session/staff-session';
import { fakeApi, renderStaffPage, reply, setUpApiForTests, signInStaff, expectDrawnForTheScript, drawForSignedInTablet } from '../test/staff-test-kit';
import { StaffTablesPage } from './staff-tables-page';
import type { StaffTable, TonightReservation } from './staff-tables';

const free = (number: number): StaffTable => ({ id: number, table_number: number, capacity: 4, is_active: true, state: 'free', slot: '17:00', session: null, reservation: null });

let tables: StaffTable[];
let calls: { key: string; body: unknown }[];
beforeEach(() => {
  setUpApiForTests();
  signInStaff();
  calls = [];
  tables = [free(1), { ...free(2), state: 'reserved', reservation: { id: 5, customer_name: 'Ana Cruz', number_of_guests: 3, status: 'confirmed' } }];
  fakeApi({
    'GET /api/staff/tables': () => reply(200, { data: tables }),
    'POST /api/staff/dining-sessions': (_url, init) => {
      calls.push({ key: 'open', body: JSON.parse(String(init.body)) });
      tables = [{ ...free(1), state: 'seated', session: { id: 9, table_code: 'K7M2QD', remaining_sec: 5400, duration_sec: 5400, ends_at: '' } }, tables[1]];
      return reply(201, { message: 'Table 1 is open. Its code is K7M2QD.' });
    },
    'POST /api/staff/dining-sessions/9/extend': (_url, init) => {
      calls.push({ key: 'extend', body: JSON.parse(String(init.body)) });
      return reply(200, { message: 'Table 1 has 15 more minutes.' });
    },
    'POST /api/staff/dining-sessions/9/close': () => {
      calls.push({ key: 'close', body: null });
      tables = [free(1), tables[1]];
      return reply(200, { message: 'Table 1 is closed.' });
    },
  });
});
afterEach(() => staffSessionStore.signOut());

describe('/staff/tables', () => {
  it('shows each table with its state, and who has the reserved one', async () => {
    renderStaffPage('/staff/tables', '/staff/tables', StaffTablesPage);
    const cards = await screen.findAllByRole('listitem');
    expect(cards[0]).toHaveTextContent('Table 1');
    expect(cards[0]).toHaveTextContent('Free');
    expect(cards[1]).toHaveTextContent('Reserved');
    expect(cards[1]).toHaveTextContent('5:00 PM - 6:30 PM: Ana Cruz, 3 People');
  });

  it('shows a group on joined tables seated at each of them with one code, closed together', async () => {
    const session = { id: 9, table_code: 'K7M2QD', remaining_sec: 5400, duration_sec: 5400, ends_at: '', table_numbers: [9, 10] };
    tables = [9, 10].map((number) => ({ ...free(number), state: 'seated', session }));
    renderStaffPage('/staff/tables', '/staff/tables', StaffTablesPage);
    const cards = await screen.findAllByRole('listitem');
    for (const card of cards) {
      expect(card).toHaveTextContent('Seated');
      expect(card).toHaveTextContent('Code K7M2QD');
      expect(card).toHaveTextContent('Joined: Tables 9 + 10');
      expect(within(card).getByRole('button', { name: 'Close tables 9 + 10' })).toBeInTheDocument();
      expect(within(card).queryByRole('button', { name: /^Seat a party/ })).not.toBeInTheDocument();
    }
  });

  it('seats a party: shows the code large with a QR code that opens /refilling with it; then extends and closes', async () => {
    renderStaffPage('/staff/tables', '/staff/tables', StaffTablesPage);
    await userEvent.click(await screen.findByRole('button', { name: 'Seat a party at table 1' }));
    expect(await screen.findByText('Table 1 is open. Its code is K7M2QD.')).toBeInTheDocument();
    expect(calls[0]).toEqual({ key: 'open', body: { table_number: 1 } });
    expect(await screen.findByRole('img', { name: /QR code that opens the refill page for table 1 with code K7M2QD/ })).toBeInTheDocument();
    expect(screen.getByText('1 h 30 min left')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: '+15 min' }));
    expect(await screen.findByText('Table 1 has 15 more minutes.')).toBeInTheDocument();
    expect(calls[1]).toEqual({ key: 'extend', body: { minutes: 15 } });
    // Closing ends the party's session: it asks first, and Cancel changes nothing.
    const closeButton = screen.getByRole('button', { name: 'Close table 1' });
    await userEvent.click(closeButton);
    let dialog = screen.getByRole('dialog', { name: 'Close table 1?' });
    expect(dialog).toHaveTextContent("This ends the party's dining session: code K7M2QD stops working");
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(closeButton).toHaveFocus();
    expect(calls.map((call) => call.key)).toEqual(['open', 'extend']);
    await userEvent.click(closeButton);
    dialog = screen.getByRole('dialog', { name: 'Close table 1?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close table 1 now' }));
    expect(await screen.findByText('Table 1 is closed.')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Seat a party at table 1' })).toBeInTheDocument();
  });

  it('sends diners to /refilling?code= from the QR code', async () => {
    const { refillAddress } = await import('./staff-tables');
    expect(refillAddress('K7M2QD', 'https://samgyupplaridel.ph')).toBe('https://samgyupplaridel.ph/refilling?code=K7M2QD');
    expect(within(document.body).queryByRole('img')).toBeNull();
  });
});

describe('/staff/tables tonight on the floor', () => {
  const tonight = (extra: Partial<TonightReservation> = {}): TonightReservation => ({
    id: 12,
    customer_name: 'Ben Reyes',
    number_of_guests: 4,
    status: 'confirmed',
    slot_label: '6:30 PM - 8:00 PM',
    seated: false,
    late: false,
    seatable: true,
    ...extra,
  });

  it("lists each table's reservations of tonight, flags a late party and seats a reservation in one action", async () => {
    tables = [
      { ...free(1), tonight: [tonight({ late: true })], booked_soon: tonight({ late: true }) },
      { ...free(2), tonight: [tonight({ id: 13, customer_name: 'Carla Lim', status: 'pending', seatable: false })], booked_soon: null },
    ];
    renderStaffPage('/staff/tables', '/staff/tables', StaffTablesPage);
    const first = await screen.findByRole('list', { name: 'Tonight at table 1' });
    expect(first).toHaveTextContent('6:30 PM - 8:00 PM: Ben Reyes, 4 People · Confirmed · Not here 15 min into their slot');
    expect(screen.getByRole('list', { name: 'Tonight at table 2' })).toHaveTextContent('Carla Lim, 4 People · Waiting for confirmation');
    expect(screen.queryByRole('button', { name: 'Seat Carla Lim' })).toBeNull();

    await userEvent.click(within(first).getByRole('button', { name: 'Seat Ben Reyes' }));
    expect(calls).toEqual([{ key: 'open', body: { reservation_id: 12 } }]);
  });

  it('warns before seating a walk-in on a table booked within the next slot, and seats only when told to', async () => {
    tables = [{ ...free(1), tonight: [tonight()], booked_soon: tonight() }, free(2)];
    renderStaffPage('/staff/tables', '/staff/tables', StaffTablesPage);
    await userEvent.click(await screen.findByRole('button', { name: 'Seat a party at table 1' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Table 1 is booked for 6:30 PM - 8:00 PM (Ben Reyes, 4 People). Seat a walk-in here anyway?');
    expect(calls).toEqual([]);
    await userEvent.click(screen.getByRole('button', { name: 'Keep the table free' }));
    expect(screen.queryByRole('alert')).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Seat a party at table 1' }));
    await userEvent.click(screen.getByRole('button', { name: 'Seat the walk-in anyway' }));
    expect(calls).toEqual([{ key: 'open', body: { table_number: 1 } }]);
    expect(await screen.findByText('Table 1 is open. Its code is K7M2QD.')).toBeInTheDocument();

    // A table with no booking coming up seats a walk-in at once.
    await userEvent.click(screen.getByRole('button', { name: 'Seat a party at table 2' }));
    expect(calls).toHaveLength(2);
  });
});

describe('/staff/tables drawn on the site’s server for a signed-in tablet (docs/adr/0006-signed-in-first-screens.md)', () => {
  const seated: StaffTable = { ...free(3), state: 'seated', session: { id: 9, table_code: 'K7M2QD', remaining_sec: 5400, duration_sec: 5400, ends_at: '' } };

  it('is the floor with each table, its code and time left, every button shown disabled until the script runs', () => {
    const html = drawForSignedInTablet('/staff/tables', StaffTablesPage, { '/api/staff/tables': { data: [...tables, seated] } });
    expect(html).toContain('K7M2QD');
    expect(html).toMatch(/1 h 30 min left/);
    expect(html).toContain('Ana Cruz');
    expect(html).not.toContain('Loading tables…');
    expectDrawnForTheScript(html, 6);
  });

  it('starts in the browser from the tables it was drawn with, usable at once, then reads them again', async () => {
    rememberApiAnswers({ '/api/staff/tables': { data: [seated] } });
    renderStaffPage('/staff/tables', '/staff/tables', StaffTablesPage);
    expect(screen.getByRole('heading', { name: 'Table 3' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Show code and QR' })).toBeEnabled();
    expect(await screen.findByRole('heading', { name: 'Table 2' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Table 3' })).toBeNull();
  });
});
