import type { ManagedReservation } from '@samgyup/shared/reservation';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi, logIn, renderAt, reply, setUpEachTest } from '../test/reservation-test-kit';
import { ReservationManagePage } from './reservation-manage-page';

const TOKEN = '12-abcdefghijklmnopqrstuvwxyz012345';
const reservation: ManagedReservation = {
  id: 12,
  customer_name: 'Ana Cruz',
  table_id: 3,
  table_number: 3,
  table_numbers: [3],
  number_of_guests: 4,
  reservation_date: '2030-12-05',
  reservation_time: '17:00',
  duration_hours: 2,
  status: 'confirmed',
  payment_status: 'paid',
  down_payment_due: 100,
  changes_until: '2030-12-04T09:00:00.000Z',
  down_payment_on_cancel: 'Your ₱100 down payment is refunded to the account you paid from within 7 days.',
};

setUpEachTest();

const open = () => renderAt('/reservation-manage', `/reservation-manage?token=${TOKEN}`, ReservationManagePage);

describe('/reservation-manage', () => {
  it('shows the reservation, until when it can change and what happens to the down payment, and cancels after asking', async () => {
    fakeApi({
      [`GET /api/reservations/manage/${TOKEN}`]: () => reply(200, { success: true, data: reservation }),
      [`POST /api/reservations/manage/${TOKEN}/cancel`]: () =>
        reply(200, { success: true, message: 'Your reservation is cancelled.', data: { ...reservation, status: 'cancelled', changes_until: null } }),
    });
    open();
    expect(screen.getByRole('status')).toHaveTextContent('Loading your reservation…');
    expect(await screen.findByText('December 5, 2030')).toBeInTheDocument();
    expect(screen.getByText('5:00 PM - 6:30 PM', { selector: 'dd' })).toBeInTheDocument();
    expect(screen.getByText('₱100: Paid')).toBeInTheDocument();
    expect(screen.getByText('You can cancel or move this reservation until December 4, 2030 at 5:00 PM (Philippine time).')).toBeInTheDocument();
    expect(screen.getByText('If you cancel: Your ₱100 down payment is refunded to the account you paid from within 7 days.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Cancel this reservation' }));
    await userEvent.click(screen.getByRole('button', { name: 'Yes, cancel my reservation' }));
    expect(await screen.findByText('Your reservation is cancelled.')).toHaveFocus();
    expect(screen.getByTestId('manage-status')).toHaveTextContent('Cancelled');
    expect(screen.queryByRole('button', { name: 'Cancel this reservation' })).not.toBeInTheDocument();
  });

  it('moves the reservation to a free table on another date', async () => {
    let moved: unknown;
    fakeApi({
      [`GET /api/reservations/manage/${TOKEN}`]: () => reply(200, { success: true, data: reservation }),
      // What seats the party of 4 then: the API offers no table too small (table 2 seats 2).
      'GET /api/tables/options': (url) => {
        expect(url.searchParams.get('guests')).toBe('4');
        return reply(200, {
          success: true,
          data: {
            options: [
              { table_id: 5, combination_id: null, table_numbers: [5], seats: 6 },
              { table_id: 9, combination_id: 4, table_numbers: [9, 10], seats: 16 },
            ],
            other_slots: [],
            phone: '0917',
          },
        });
      },
      [`POST /api/reservations/manage/${TOKEN}/reschedule`]: (_url, init) => {
        moved = JSON.parse(String(init.body));
        return reply(200, {
          success: true,
          message: 'Your reservation has moved. We sent you an updated calendar file.',
          data: { ...reservation, reservation_date: '2030-12-07', reservation_time: '20:00', table_id: 5, table_number: 5 },
        });
      },
    });
    open();
    await userEvent.type(await screen.findByLabelText('New date'), '2030-12-07');
    await userEvent.selectOptions(screen.getByLabelText('New time'), '20:00');
    expect(await screen.findByRole('option', { name: 'Table 5 (seats 6)' })).toBeInTheDocument();
    expect(screen.queryByRole('option', { name: 'Table 2 (seats 2)' })).not.toBeInTheDocument();
    expect(screen.getByRole('option', { name: 'Tables 9 + 10 (seats 16)' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Move my reservation' }));
    expect(await screen.findByText('Your reservation has moved. We sent you an updated calendar file.')).toHaveFocus();
    expect(moved).toEqual({ reservation_date: '2030-12-07', reservation_time: '20:00', table_id: 5 });
    expect(screen.getByText('December 7, 2030')).toBeInTheDocument();
  });

  it('lets the logged-in owner cancel from My reservations through their account, and says what happens to the down payment', async () => {
    logIn();
    fakeApi({
      'GET /api/reservations/12/manage': () => reply(200, { success: true, data: reservation }),
      'POST /api/reservations/12/cancel': (_url, init) => {
        expect((init.headers as Record<string, string>).Authorization).toMatch(/^Bearer /);
        return reply(200, { success: true, message: 'Your reservation is cancelled.', data: { ...reservation, status: 'cancelled', changes_until: null } });
      },
    });
    renderAt('/reservation-manage', '/reservation-manage?id=12', ReservationManagePage);
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel this reservation' }));
    await userEvent.click(screen.getByRole('button', { name: 'Yes, cancel my reservation' }));
    expect(await screen.findByText('Your reservation is cancelled.')).toHaveFocus();
    expect(screen.getByText('Your ₱100 down payment is refunded to the account you paid from within 7 days.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to my reservations' })).toHaveAttribute('href', '/my-reservations');
  });

  it('asks a visitor opening a reservation by id to log in first', () => {
    renderAt('/reservation-manage', '/reservation-manage?id=12', ReservationManagePage);
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', `/login-reservation?redirect=${encodeURIComponent('/reservation-manage?id=12')}`);
  });

  it('says when changes are closed, and shows the API words for a bad or expired link', async () => {
    fakeApi({ [`GET /api/reservations/manage/${TOKEN}`]: () => reply(200, { success: true, data: { ...reservation, changes_until: null } }) });
    open();
    expect(await screen.findByText(/Changes to this reservation are closed/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel this reservation' })).not.toBeInTheDocument();
  });

  it('shows the message for a link that is not valid, without a retry', async () => {
    fakeApi({
      [`GET /api/reservations/manage/${TOKEN}`]: () =>
        reply(404, { success: false, message: 'This link is not valid. Please open the link from your latest message about this reservation.' }),
    });
    open();
    expect(await screen.findByRole('alert')).toHaveTextContent('This link is not valid. Please open the link from your latest message about this reservation.');
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
  });

  it('gives up with a message and a retry when the API fails (a request that hangs is cut off by the API client after 15 s)', async () => {
    fakeApi({ [`GET /api/reservations/manage/${TOKEN}`]: () => reply(503, { success: false, message: 'The service is busy.' }) });
    open();
    expect(await screen.findByRole('alert')).toHaveTextContent('Unable to load your reservation at the moment.');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
