import { rememberApiAnswers } from '@samgyup/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { staffSessionStore } from '../session/staff-session';
import { authOf, fakeApi, renderStaffPage, reply, setUpApiForTests, signInStaff, expectDrawnForTheScript, drawForSignedInTablet } from '../test/staff-test-kit';
import { StaffReservationsPage } from './staff-reservations-page';
import type { StaffReservation } from './staff-reservation';

const base: StaffReservation = {
  id: 12,
  customer_id: 7,
  customer_name: 'Ana Cruz',
  email: 'ana@example.com',
  phone: '0917 555 0142',
  table_id: 3,
  table_number: 3,
  combination_id: null,
  table_numbers: [3],
  number_of_guests: 4,
  reservation_date: '2026-12-05',
  reservation_time: '17:00',
  duration_hours: 2,
  payment_amount: 0,
  occasion: 'Birthday',
  notes: null,
  status: 'pending',
  payment_status: 'pending_review',
  down_payment_due: 100,
  has_payment_proof: true,
  decided_by: null,
  decided_at: null,
  decline_reason: null,
  hold_expires_at: null,
  refund_status: null,
  calendar_sequence: 0,
  created_at: '2026-11-23T02:00:00Z',
  updated_at: '2026-11-23T02:00:00Z',
};

let rows: StaffReservation[];
let decisions: { url: string; init: RequestInit }[];
let listQueries: string[];
function api(decision: () => Response = () => reply(200, { message: 'Reservation #12 is confirmed. We told Ana Cruz.' })) {
  decisions = [];
  listQueries = [];
  return fakeApi({
    // As the API narrows the list: by status, and by a search for #number or a name.
    'GET /api/staff/reservations': (url) => {
      const statuses = url.searchParams.get('status')?.split(',');
      const q = url.searchParams.get('q')?.toLowerCase();
      listQueries.push(url.search);
      return reply(200, {
        data: rows.filter((row) => (!statuses || statuses.includes(row.status)) && (!q || q === `#${row.id}` || row.customer_name.toLowerCase().includes(q))),
      });
    },
    'GET /api/staff/reservations/12/history': () =>
      reply(200, {
        data: [
          {
            action: 'reschedule',
            actor: 'customer (ana@example.com)',
            details: { via: 'manage link', from: { date: '2026-12-04', time: '18:30', table_id: 3 }, to: { date: '2026-12-05', time: '17:00', table_id: 3 } },
            at: '2026-11-23T02:30:00Z',
          },
        ],
      }),
    'GET /api/staff/reservations/13/history': () => reply(200, { data: [] }),
    'GET /api/staff/reservations/12/customer-record': () =>
      reply(200, {
        data: {
          no_shows: 1,
          reservations: [
            { id: 12, reservation_date: '2026-12-05', reservation_time: '17:00', table_number: 3, number_of_guests: 4, status: 'pending' },
            { id: 5, reservation_date: '2026-10-02', reservation_time: '18:30', table_number: 4, number_of_guests: 2, status: 'no_show' },
            { id: 2, reservation_date: '2026-09-12', reservation_time: '17:00', table_number: 7, table_numbers: [7, 8], number_of_guests: 12, status: 'confirmed' },
          ],
        },
      }),
    'GET /api/staff/reservations/13/customer-record': () => reply(200, { data: { no_shows: 0, reservations: [] } }),
    'GET /api/staff/reservations/12/payments': () =>
      reply(200, {
        data: {
          paid_by: 'online',
          asked_centavos: 10000,
          paid_centavos: 10000,
          payments: [{ id: 1, provider_payment_id: 'pay_abc123', amount_centavos: 10000, currency: 'PHP', method: 'gcash', outcome: 'applied', paid_at: '2026-11-23T02:00:00Z' }],
          refunds: [],
        },
      }),
    'GET /api/staff/reservations/13/payments': () => reply(200, { data: { paid_by: null, asked_centavos: 10000, paid_centavos: 0, payments: [], refunds: [] } }),
    'POST /api/staff/reservations/12/no-show': () => {
      rows = [{ ...rows[0], status: 'no_show' }];
      return reply(200, { message: 'Reservation #12 is marked as a no-show.' });
    },
    'GET /api/reservations/12/payment-proof': () => new Response(new Blob([new Uint8Array([0x89, 0x50])], { type: 'image/png' }), { status: 200 }),
    'POST /api/staff/reservations/12/confirm': (url, init) => {
      decisions.push({ url: url.pathname, init });
      rows = [{ ...base, status: 'confirmed', payment_status: 'paid', decided_by: 'lea@samgyup.test', decided_at: '2026-11-23T03:00:00Z' }];
      return decision();
    },
    'POST /api/staff/reservations/12/decline': (url, init) => {
      decisions.push({ url: url.pathname, init });
      return reply(200, { message: 'Reservation #12 is declined. We told Ana Cruz.' });
    },
  });
}

beforeEach(() => {
  setUpApiForTests();
  // Ben Reyes's group of 16 holds tables 9 + 10 joined.
  rows = [
    base,
    {
      ...base,
      id: 13,
      reservation_date: '2026-12-06',
      reservation_time: '20:00',
      customer_name: 'Ben Reyes',
      payment_status: 'pending',
      has_payment_proof: false,
      table_id: 9,
      table_number: 9,
      combination_id: 4,
      table_numbers: [9, 10],
      number_of_guests: 16,
    },
  ];
  URL.createObjectURL = jest.fn(() => 'blob:proof');
  URL.revokeObjectURL = jest.fn();
});
afterEach(() => staffSessionStore.signOut());

describe('/staff/reservations', () => {
  it('is not reachable without a staff session', async () => {
    api();
    const router = renderStaffPage('/staff/reservations', '/staff/reservations', StaffReservationsPage);
    expect(await screen.findByText(/\/staff\/login page/)).toBeInTheDocument();
    expect(router.state.location.search).toBe('?next=%2Fstaff%2Freservations');
  });

  it('lists reservations by date and slot with status and payment', async () => {
    signInStaff();
    api();
    renderStaffPage('/staff/reservations', '/staff/reservations', StaffReservationsPage);
    const december5 = await screen.findByRole('region', { name: 'December 5, 2026' });
    expect(within(december5).getByRole('heading', { name: '5:00 PM - 6:30 PM' })).toBeInTheDocument();
    const row = within(december5).getByRole('button', { name: /#12 · Table 3 · Ana Cruz · 4 People/ });
    expect(row).toHaveTextContent('Pending');
    expect(row).toHaveTextContent('Proof to check');
    expect(screen.getByRole('region', { name: 'December 6, 2026' })).toHaveTextContent('No proof yet');
  });

  it('opens one with its proof, confirms it with the staff token, and shows the outcome', async () => {
    signInStaff();
    api();
    renderStaffPage('/staff/reservations', '/staff/reservations', StaffReservationsPage);
    await userEvent.click(await screen.findByRole('button', { name: /#12 · Table 3/ }));
    const detail = screen.getByRole('complementary', { name: 'Reservation #12' });
    expect(await within(detail).findByRole('img', { name: 'Proof of payment for reservation #12' })).toHaveAttribute('src', 'blob:proof');
    expect(within(detail).getByText('Birthday')).toBeInTheDocument();
    await userEvent.click(within(detail).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Reservation #12 is confirmed. We told Ana Cruz.')).toBeInTheDocument();
    expect(authOf(decisions[0].init)).toBe('Bearer staff-token');
    expect(await within(screen.getByRole('complementary', { name: 'Reservation #12' })).findByText(/by lea@samgyup.test/)).toBeInTheDocument();
  });

  it('shows how it was paid: online with the method and PayMongo id, the amounts asked and paid', async () => {
    signInStaff();
    api();
    renderStaffPage('/staff/reservations', '/staff/reservations', StaffReservationsPage);
    await userEvent.click(await screen.findByRole('button', { name: /#12 · Table 3/ }));
    const payments = await screen.findByRole('region', { name: 'Payments' });
    expect(payments).toHaveTextContent('Paid online with GCash (PayMongo pay_abc123). Asked ₱100; paid ₱100.');
    // Refunds are for admins: a staff member sees no refund button.
    expect(within(payments).queryByRole('button', { name: 'Refund the online payment' })).toBeNull();
  });

  it('shows who moved or cancelled the reservation, and when', async () => {
    signInStaff();
    api();
    renderStaffPage('/staff/reservations', '/staff/reservations', StaffReservationsPage);
    await userEvent.click(await screen.findByRole('button', { name: /#12 · Table 3/ }));
    const detail = screen.getByRole('complementary', { name: 'Reservation #12' });
    expect(
      await within(detail).findByText(
        'November 23, 2026, 10:30 AM Manila: Moved by customer (ana@example.com) from December 4, 2026, 6:30 PM - 8:00 PM to December 5, 2026, 5:00 PM - 6:30 PM',
      ),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: /#13 · Tables 9 \+ 10 · Ben Reyes · 16 People/ }));
    expect(await screen.findByText('No changes by the diner or staff.')).toBeInTheDocument();
    expect(within(screen.getByRole('complementary', { name: 'Reservation #13' })).getByText('Tables 9 + 10, 16 People')).toBeInTheDocument();
  });

  it("shows the customer's record, and marks a confirmed reservation whose slot has passed as a no-show", async () => {
    signInStaff();
    rows = [{ ...base, status: 'confirmed', payment_status: 'paid', reservation_date: '2020-01-05' }];
    api();
    renderStaffPage('/staff/reservations', '/staff/reservations?view=all', StaffReservationsPage);
    await userEvent.click(await screen.findByRole('button', { name: /#12 · Table 3/ }));
    const detail = screen.getByRole('complementary', { name: 'Reservation #12' });
    expect(await within(detail).findByText('1 no-show.')).toBeInTheDocument();
    expect(within(detail).getByText('#5 · October 2, 2026, 6:30 PM - 8:00 PM · Table 4 · No-show')).toBeInTheDocument();
    expect(within(detail).getByText('#2 · September 12, 2026, 5:00 PM - 6:30 PM · Tables 7 + 8 · Confirmed')).toBeInTheDocument();
    await userEvent.click(within(detail).getByRole('button', { name: 'Mark as no-show' }));
    expect(await screen.findByText('Reservation #12 is marked as a no-show.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Mark as no-show' })).not.toBeInTheDocument());
    expect(within(screen.getByRole('complementary', { name: 'Reservation #12' })).getByText('No-show', { selector: 'dd' })).toBeInTheDocument();
  });

  it('offers no no-show button before the slot', async () => {
    signInStaff();
    rows = [{ ...base, status: 'confirmed', payment_status: 'paid', reservation_date: '2099-01-05' }];
    api();
    renderStaffPage('/staff/reservations', '/staff/reservations?view=confirmed', StaffReservationsPage);
    await userEvent.click(await screen.findByRole('button', { name: /#12 · Table 3/ }));
    await within(screen.getByRole('complementary', { name: 'Reservation #12' })).findByText('1 no-show.');
    expect(screen.queryByRole('button', { name: 'Mark as no-show' })).not.toBeInTheDocument();
  });

  it('declines only with a reason', async () => {
    signInStaff();
    api();
    renderStaffPage('/staff/reservations', '/staff/reservations?id=12', StaffReservationsPage);
    await userEvent.click(await screen.findByRole('button', { name: 'Decline…' }));
    await userEvent.click(screen.getByRole('button', { name: 'Decline reservation' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Say why the reservation is declined; the customer reads it.');
    await userEvent.type(screen.getByLabelText('Reason (the customer reads it)'), 'The payment did not arrive.');
    await userEvent.click(screen.getByRole('button', { name: 'Decline reservation' }));
    expect(await screen.findByText('Reservation #12 is declined. We told Ana Cruz.')).toBeInTheDocument();
    expect(JSON.parse(String(decisions[0].init.body))).toEqual({ reason: 'The payment did not arrive.' });
  });

  it('shows the ones needing action first; cancelled and declined apart, a paid cancelled one as owing a refund; a search by name', async () => {
    signInStaff();
    rows = [
      base,
      { ...base, id: 14, customer_name: 'Carla Lim', status: 'cancelled', payment_status: 'paid', refund_status: 'due' },
      { ...base, id: 15, customer_name: 'Dina Sy', status: 'declined', payment_status: 'rejected' },
    ];
    api();
    renderStaffPage('/staff/reservations', '/staff/reservations', StaffReservationsPage);
    expect(await screen.findByRole('button', { name: /#12 · Table 3 · Ana Cruz/ })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /#14/ })).toBeNull();
    expect(listQueries[0]).toBe('?status=pending');

    await userEvent.selectOptions(screen.getByLabelText('Show'), 'Cancelled or declined');
    const cancelled = await screen.findByRole('button', { name: /#14 · Table 3 · Carla Lim/ });
    expect(cancelled).toHaveTextContent('Cancelled');
    expect(cancelled).toHaveTextContent('Refund due');
    expect(cancelled).not.toHaveTextContent('Paid');
    expect(screen.getByRole('button', { name: /#15 · Table 3 · Dina Sy/ })).toHaveTextContent('Declined');
    expect(screen.queryByRole('button', { name: /#12/ })).toBeNull();
    expect(listQueries.at(-1)).toBe('?status=cancelled%2Cdeclined');

    await userEvent.selectOptions(screen.getByLabelText('Show'), 'All');
    await userEvent.type(screen.getByRole('searchbox', { name: 'Name, phone or #number' }), 'dina');
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: /#12/ })).toBeNull());
    expect(screen.getByRole('button', { name: /#15 · Table 3 · Dina Sy/ })).toBeInTheDocument();
    expect(listQueries.at(-1)).toBe('?q=dina');
    await userEvent.clear(screen.getByRole('searchbox', { name: 'Name, phone or #number' }));
    await userEvent.type(screen.getByRole('searchbox', { name: 'Name, phone or #number' }), 'nobody');
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('No reservations match: all, “nobody”.')).toBeInTheDocument();
  });

  it('shows when it was decided on the restaurant clock, and the proof full size in a dialog', async () => {
    signInStaff();
    rows = [{ ...base, status: 'confirmed', payment_status: 'paid', decided_by: 'lea@samgyup.test', decided_at: '2026-11-23T07:57:50Z' }];
    api();
    renderStaffPage('/staff/reservations', '/staff/reservations?id=12', StaffReservationsPage);
    const detail = await screen.findByRole('complementary', { name: 'Reservation #12' });
    expect(within(detail).getByText(/by lea@samgyup.test on/)).toHaveTextContent('by lea@samgyup.test on November 23, 2026, 3:57 PM Manila');
    const view = await within(detail).findByRole('button', { name: 'View the proof full size' });
    await userEvent.click(view);
    const dialog = screen.getByRole('dialog', { name: 'Proof of payment, reservation #12' });
    expect(within(dialog).getByRole('img', { name: 'Proof of payment for reservation #12, full size' })).toHaveAttribute('src', 'blob:proof');
    const zoom = within(dialog).getByRole('button', { name: 'Zoom to actual size' });
    await userEvent.click(zoom);
    expect(zoom).toHaveAttribute('aria-pressed', 'true');
    expect(within(dialog).getByRole('link', { name: 'Open in a new tab' })).toHaveAttribute('href', 'blob:proof');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(view).toHaveFocus();
  });

  it('says who won when another staff member decided first', async () => {
    signInStaff();
    api(() => reply(409, { success: false, message: 'This reservation was already confirmed by kim@samgyup.test.' }));
    renderStaffPage('/staff/reservations', '/staff/reservations?id=12', StaffReservationsPage);
    await userEvent.click(await screen.findByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('This reservation was already confirmed by kim@samgyup.test.')).toBeInTheDocument();
  });
});

describe('/staff/reservations drawn on the site’s server for a signed-in staff member (docs/adr/0006-signed-in-first-screens.md)', () => {
  it('is the list that needs action, its filter and rows shown disabled until the script runs', () => {
    const html = drawForSignedInTablet('/staff/reservations', StaffReservationsPage, {
      '/api/staff/reservations?status=pending': { data: [base, { ...base, id: 15, customer_name: 'Dina Sy', reservation_time: '20:00' }] },
    });
    expect(html).toContain('December 5, 2026');
    expect(html).toMatch(/#(<!-- -->)?12(<!-- -->)? · (<!-- -->)?Table 3(<!-- -->)? · (<!-- -->)?Ana Cruz/);
    expect(html).toContain('Dina Sy');
    expect(html).not.toContain('Loading reservations…');
    // The filter shows the view the list is in; nothing in it (nor a row) takes a tap before the script runs.
    expect(html).toMatch(/<option value="action" selected="">Needs action \(pending\)<\/option>/);
    expectDrawnForTheScript(html, 7);
  });

  it('starts in the browser from the list it was drawn with, then reads it again quietly', async () => {
    signInStaff();
    rows = [{ ...base, customer_name: 'Ana Cruz-Reyes' }];
    api();
    rememberApiAnswers({ '/api/staff/reservations?status=pending': { data: [base] } });
    renderStaffPage('/staff/reservations', '/staff/reservations', StaffReservationsPage);
    // At once, with no loading status in between, and usable.
    expect(screen.getByRole('button', { name: /#12 · Table 3 · Ana Cruz · 4 People/ })).toBeEnabled();
    expect(screen.queryByText('Loading reservations…')).not.toBeInTheDocument();
    expect(await screen.findByRole('button', { name: /Ana Cruz-Reyes/ })).toBeEnabled();
    expect(listQueries).toEqual(['?status=pending']);
  });

  it('does not start another view from the drawn list', async () => {
    signInStaff();
    rows = [{ ...base, status: 'confirmed', customer_name: 'Ben Lim' }];
    api();
    rememberApiAnswers({ '/api/staff/reservations?status=pending': { data: [base] } });
    renderStaffPage('/staff/reservations', '/staff/reservations?view=confirmed', StaffReservationsPage);
    expect(screen.getByText('Loading reservations…')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: /Ben Lim/ })).toBeInTheDocument();
    expect(screen.queryByText(/Ana Cruz/)).toBeNull();
  });
});
