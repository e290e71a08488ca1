import { defaultRestaurantSettings } from '@samgyup/shared/settings';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { staffSessionStore } from '../session/staff-session';
import { fakeApi, renderStaffPage, reply, setUpApiForTests, signInStaff } from '../test/staff-test-kit';
import { RestaurantSettingsPage } from './restaurant-settings-page';

let sent: { method: string; path: string; body: unknown }[];
let reads: number;
const table = (id: number, table_number: number, is_active = true) => ({
  id,
  table_number,
  capacity: 4,
  is_active,
  state: is_active ? 'free' : 'inactive',
  slot: null,
  session: null,
  reservation: null,
});

beforeEach(() => {
  setUpApiForTests();
  sent = [];
  reads = 0;
  const record =
    (method: string, answer: object, status = 200) =>
    (url: URL, init: RequestInit) => {
      sent.push({ method, path: url.pathname, body: init.body instanceof FormData ? 'form' : JSON.parse(String(init.body ?? 'null')) });
      return reply(status, answer);
    };
  fakeApi({
    'GET /api/staff/restaurant-settings': () => {
      reads += 1;
      return reply(200, { data: { ...defaultRestaurantSettings, closed_dates: [{ date: '2026-12-24', reason: 'Christmas Eve' }], payment_qr_path: null } });
    },
    'GET /api/staff/tables': () => reply(200, { data: [table(1, 1), table(2, 2, false), table(3, 3)] }),
    'GET /api/staff/table-combinations': () =>
      reply(200, {
        data: [
          {
            id: 4,
            seats: 16,
            is_active: true,
            tables: [
              { id: 9, table_number: 9, is_active: true },
              { id: 10, table_number: 10, is_active: true },
            ],
          },
          {
            id: 5,
            seats: 8,
            is_active: false,
            tables: [
              { id: 2, table_number: 2, is_active: false },
              { id: 3, table_number: 3, is_active: true },
            ],
          },
        ],
      }),
    'PATCH /api/staff/table-combinations/4': record('PATCH', { message: 'Tables 9 + 10 saved.' }),
    'POST /api/staff/table-combinations': record('POST', { message: 'Tables 1 + 3 can be joined for 7.' }, 201),
    'PUT /api/staff/restaurant-settings': record('PUT', { message: 'Settings saved. The site shows them now.' }),
    'POST /api/staff/closed-dates': record('POST', { message: '2026-12-31 is closed for bookings.' }, 201),
    'DELETE /api/staff/closed-dates/2026-12-24': record('DELETE', { message: '2026-12-24 takes bookings again.' }),
    'PATCH /api/staff/tables/1': record('PATCH', { message: 'Table 1 is retired.' }),
    'POST /api/staff/tables': record('POST', { message: 'Table 12 added.' }, 201),
    'PUT /api/staff/restaurant-settings/payment-qr': record('PUT', { message: 'The new payment QR is on the upload page now.' }),
  });
});
afterEach(() => staffSessionStore.signOut());

const renderPage = () => renderStaffPage('/staff/settings', '/staff/settings', RestaurantSettingsPage);

describe('/staff/settings', () => {
  it('is for admins only', () => {
    signInStaff('staff');
    renderPage();
    expect(screen.getByRole('alert')).toHaveTextContent('Only an admin can change the restaurant settings.');
  });

  it("starts from the saved values, checks them as the API does, and saves each part on its own, saying so beside the part's button", async () => {
    signInStaff('admin');
    renderPage();
    const payment = await screen.findByLabelText('Down payment (pesos)');
    const paymentPart = screen.getByRole('form', { name: 'Down payment and e-wallet' });
    expect(payment).toHaveValue('100');
    await userEvent.clear(payment);
    await userEvent.type(payment, '-3');
    await userEvent.click(within(paymentPart).getByRole('button', { name: 'Save payment settings' }));
    expect(within(paymentPart).getByText('Enter a down payment from 0 to 10000 pesos, in whole pesos.')).toBeInTheDocument();
    expect(sent).toEqual([]);

    // An edit left unsaved in another part (Cheese) is not sent with the payment.
    await userEvent.click(screen.getByLabelText('Cheese sold out'));
    await userEvent.clear(payment);
    await userEvent.type(payment, '250');
    await userEvent.click(within(paymentPart).getByRole('button', { name: 'Save payment settings' }));
    expect(await within(paymentPart).findByText('Settings saved. The site shows them now.')).toBeInTheDocument();
    expect(sent[0]).toMatchObject({ method: 'PUT', body: { down_payment_pesos: 250, sold_out_refill_items: [], opening_text: 'Opened 9:00 pm' } });

    const soldOut = screen.getByRole('form', { name: 'Sold-out refill items' });
    await userEvent.click(within(soldOut).getByRole('button', { name: 'Save sold-out items' }));
    expect(await within(soldOut).findByText('Settings saved. The site shows them now.')).toBeInTheDocument();
    expect(sent[1]).toMatchObject({ method: 'PUT', body: { sold_out_refill_items: ['Cheese'] } });

    const opening = screen.getByRole('form', { name: 'Opening days and time slots' });
    await userEvent.click(within(opening).getByLabelText('8:00 PM - 9:30 PM'));
    await userEvent.click(within(opening).getByLabelText('Monday'));
    await userEvent.click(within(opening).getByRole('button', { name: 'Save days and slots' }));
    expect(await within(opening).findByText('Settings saved. The site shows them now.')).toBeInTheDocument();
    expect(sent[2]).toMatchObject({ method: 'PUT', body: { closed_slots: ['20:00'], open_weekdays: [0, 2, 3, 4, 5, 6] } });
  });

  it('lists its parts at the top, sold-out items first', async () => {
    signInStaff('admin');
    renderPage();
    const index = await screen.findByRole('navigation', { name: 'Settings' });
    expect(
      within(index)
        .getAllByRole('link')
        .map((link) => [link.textContent, link.getAttribute('href')]),
    ).toEqual([
      ['Sold-out items', '#settings-sold-out'],
      ['Opening days and slots', '#settings-opening'],
      ['Closed dates', '#settings-closed-dates'],
      ['Tables and joined tables', '#settings-tables'],
      ['Down payment and QR', '#settings-payment'],
      ['Restaurant details', '#settings-contact'],
      ['Booking policy', '/staff/booking-policy'],
    ]);
    for (const [, href] of within(index)
      .getAllByRole('link')
      .slice(0, 6)
      .map((link) => [link, link.getAttribute('href')!])) {
      expect(document.querySelector(href as string)).not.toBeNull();
    }
  });

  it('closes a date with a reason and opens one again', async () => {
    signInStaff('admin');
    renderPage();
    expect(await screen.findByText('Christmas Eve', { exact: false })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Close this date' }));
    expect(screen.getByText('Pick a valid date.')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Date to close'), '2026-12-31');
    await userEvent.type(screen.getByLabelText('Reason (diners see it)'), 'New Year party');
    await userEvent.click(screen.getByRole('button', { name: 'Close this date' }));
    expect(await screen.findByText('2026-12-31 is closed for bookings.')).toBeInTheDocument();
    await waitFor(() => expect(reads).toBeGreaterThan(1));
    expect(screen.getByText('2026-12-31 is closed for bookings.')).toBeInTheDocument();
    expect(sent.at(-1)).toEqual({ method: 'POST', path: '/api/staff/closed-dates', body: { date: '2026-12-31', reason: 'New Year party' } });
    await userEvent.click(screen.getByRole('button', { name: 'Open December 24, 2026 again' }));
    expect(await screen.findByText('2026-12-24 takes bookings again.')).toBeInTheDocument();
  });

  it('retires a table, brings one back and adds one', async () => {
    signInStaff('admin');
    renderPage();
    const tables = await screen.findByRole('region', { name: 'Tables' });
    expect(await within(tables).findByRole('button', { name: 'Bring table 2 back' })).toBeInTheDocument();
    await userEvent.click(within(tables).getByRole('button', { name: 'Retire table 1' }));
    expect(await screen.findByText('Table 1 is retired.')).toBeInTheDocument();
    expect(sent.at(-1)).toEqual({ method: 'PATCH', path: '/api/staff/tables/1', body: { is_active: false } });
    await userEvent.type(screen.getByLabelText('New table number'), '12');
    await userEvent.click(screen.getByRole('button', { name: 'Add table' }));
    expect(await screen.findByText('Table 12 added.')).toBeInTheDocument();
    expect(sent.at(-1)).toEqual({ method: 'POST', path: '/api/staff/tables', body: { table_number: 12, capacity: 4 } });
  });

  it('joins tables for groups with the seats they have joined, changes those seats, and says what a retired table took', async () => {
    signInStaff('admin');
    renderPage();
    const joined = await screen.findByRole('region', { name: 'Joined tables for groups' });
    expect(await within(joined).findByRole('form', { name: 'Tables 9 + 10' })).toBeInTheDocument();
    expect(within(joined).getByRole('button', { name: 'Join Tables 2 + 3 again' })).toBeInTheDocument();
    const seats = within(joined).getByLabelText('Seats at Tables 9 + 10');
    await userEvent.clear(seats);
    await userEvent.type(seats, '14');
    await userEvent.click(within(joined).getByRole('button', { name: 'Save Tables 9 + 10' }));
    expect(await screen.findByText('Tables 9 + 10 saved.')).toBeInTheDocument();
    expect(sent.at(-1)).toEqual({ method: 'PATCH', path: '/api/staff/table-combinations/4', body: { seats: 14 } });

    await userEvent.click(within(joined).getByRole('checkbox', { name: 'Table 1 (seats 4)' }));
    await userEvent.click(within(joined).getByRole('button', { name: 'Join tables' }));
    expect(await within(joined).findByText('Choose 2 to 6 different tables to join.')).toBeInTheDocument();
    expect(within(joined).queryByRole('checkbox', { name: 'Table 2 (seats 4)' })).not.toBeInTheDocument();
    await userEvent.click(within(joined).getByRole('checkbox', { name: 'Table 3 (seats 4)' }));
    await userEvent.type(within(joined).getByLabelText('Seats when joined'), '7');
    await userEvent.click(within(joined).getByRole('button', { name: 'Join tables' }));
    expect(await screen.findByText('Tables 1 + 3 can be joined for 7.')).toBeInTheDocument();
    expect(sent.at(-1)).toEqual({ method: 'POST', path: '/api/staff/table-combinations', body: { table_ids: [1, 3], seats: 7 } });
  });

  it('uploads the QR image and refuses what is not a picture', async () => {
    signInStaff('admin');
    renderPage();
    const input = await screen.findByLabelText('New QR image (PNG, JPEG or WebP, up to 1 MB)');
    await userEvent.upload(input, new File(['%PDF-'], 'qr.pdf', { type: 'application/pdf' }), { applyAccept: false });
    await userEvent.click(screen.getByRole('button', { name: 'Upload the QR' }));
    expect(screen.getByText('Upload the QR as a PNG, JPEG or WebP image.')).toBeInTheDocument();
    await userEvent.upload(input, new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'qr.png', { type: 'image/png' }));
    await userEvent.click(screen.getByRole('button', { name: 'Upload the QR' }));
    expect(await screen.findByText('The new payment QR is on the upload page now.')).toBeInTheDocument();
    expect(sent.at(-1)).toEqual({ method: 'PUT', path: '/api/staff/restaurant-settings/payment-qr', body: 'form' });
  });

  it('removes the uploaded QR, and then says the payment page draws one', async () => {
    let qr: string | null = '/api/restaurant-settings/payment-qr?v=abc';
    fakeApi({
      'GET /api/staff/restaurant-settings': () => reply(200, { data: { ...defaultRestaurantSettings, closed_dates: [], payment_qr_path: qr } }),
      'GET /api/staff/tables': () => reply(200, { data: [table(1, 1)] }),
      'DELETE /api/staff/restaurant-settings/payment-qr': () => {
        qr = null;
        return reply(200, { message: 'The QR image is removed: the payment page draws one from the account details again.' });
      },
    });
    signInStaff('admin');
    renderPage();
    expect(await screen.findByRole('img', { name: 'The payment QR diners scan now' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Remove the QR' }));
    expect(await screen.findByText('The QR image is removed: the payment page draws one from the account details again.')).toBeInTheDocument();
    expect(await screen.findByText('No QR uploaded yet: the payment page draws one from the account details below.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Remove the QR' })).not.toBeInTheDocument();
  });
});
