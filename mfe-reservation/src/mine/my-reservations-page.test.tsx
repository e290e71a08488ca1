import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi, logIn, renderAt, reply, savedReservation, setUpEachTest } from '../test/reservation-test-kit';
import { MyReservationsPage } from './my-reservations-page';

setUpEachTest();

const open = () => renderAt('/my-reservations', '/my-reservations', MyReservationsPage, ['/reservation-pending', '/reservation-confirmed', '/login-reservation']);

describe('/my-reservations', () => {
  it('lists upcoming and past reservations with status, slot, table, guests and down payment, and opens each one', async () => {
    logIn();
    fakeApi({
      'GET /api/reservations/mine': () =>
        reply(200, {
          success: true,
          data: {
            upcoming: [
              savedReservation(),
              savedReservation({ id: 14, status: 'confirmed', payment_status: 'paid', reservation_date: '2030-12-09', reservation_time: '20:00', table_number: 5 }),
            ],
            past: [savedReservation({ id: 9, status: 'no_show', payment_status: 'paid', reservation_date: '2026-10-01' })],
          },
        }),
    });
    open();
    expect(screen.getByRole('status')).toHaveTextContent('Loading your reservations…');
    const upcoming = await screen.findByRole('region', { name: 'Upcoming' });
    expect(within(upcoming).getByText('Table 3 · 4 People · Waiting for confirmation · Down payment ₱100: proof being checked')).toBeInTheDocument();
    expect(within(upcoming).getByText('Table 5 · 4 People · Confirmed · Down payment ₱100: paid')).toBeInTheDocument();
    const past = screen.getByRole('region', { name: 'Past' });
    expect(within(past).getByText('Table 3 · 4 People · No-show · Down payment ₱100: paid')).toBeInTheDocument();
    await userEvent.click(within(upcoming).getByRole('link', { name: '#14 · December 9, 2030, 8:00 PM - 9:30 PM' }));
    expect(await screen.findByText('/reservation-confirmed page?id=14')).toBeInTheDocument();
  });

  it('keeps cancelled and declined bookings out of Upcoming, saying who cancelled, and offers upload, cancel and move for those that hold a table', async () => {
    logIn();
    fakeApi({
      'GET /api/reservations/mine': () =>
        reply(200, {
          success: true,
          data: {
            upcoming: [savedReservation({ id: 15, payment_status: 'pending' }), savedReservation({ id: 16, status: 'confirmed', payment_status: 'paid' })],
            past: [],
            cancelled: [
              savedReservation({ id: 17, status: 'cancelled', payment_status: 'paid', decided_by: 'customer' }),
              savedReservation({ id: 18, status: 'cancelled', payment_status: 'pending', decided_by: 'system' }),
              savedReservation({ id: 19, status: 'declined', payment_status: 'rejected', decided_by: 'staff@samgyup.test' }),
            ],
          },
        }),
    });
    open();
    const upcoming = await screen.findByRole('region', { name: 'Upcoming' });
    expect(within(upcoming).getAllByRole('listitem')).toHaveLength(2);
    expect(within(upcoming).getByRole('link', { name: 'Upload proof of payment for reservation #15' })).toHaveAttribute('href', '/reservation-upload?id=15');
    expect(within(upcoming).queryByRole('link', { name: /Upload proof of payment for reservation #16/ })).not.toBeInTheDocument();
    expect(within(upcoming).getByRole('link', { name: 'Cancel or move reservation #16' })).toHaveAttribute('href', '/reservation-manage?id=16');
    const cancelled = screen.getByRole('region', { name: 'Cancelled or declined' });
    expect(within(cancelled).getByText('Table 3 · 4 People · Cancelled by you · Down payment ₱100: paid')).toBeInTheDocument();
    expect(within(cancelled).getByText('Table 3 · 4 People · Hold ended · Down payment ₱100: not paid yet')).toBeInTheDocument();
    expect(within(cancelled).getByText('Table 3 · 4 People · Declined · Down payment ₱100: proof not accepted')).toBeInTheDocument();
    expect(within(cancelled).queryByRole('link', { name: /Cancel or move/ })).not.toBeInTheDocument();
  });

  it('sorts a cancelled booking out of Upcoming when the API mixes them (an older API)', async () => {
    logIn();
    fakeApi({
      'GET /api/reservations/mine': () => reply(200, { success: true, data: { upcoming: [savedReservation({ id: 20, status: 'cancelled', decided_by: 'customer' })], past: [] } }),
    });
    open();
    const cancelled = await screen.findByRole('region', { name: 'Cancelled or declined' });
    expect(within(cancelled).getByText(/Cancelled by you/)).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Upcoming' })).getByText('No upcoming reservations.')).toBeInTheDocument();
  });

  it('names the joined tables of a group', async () => {
    logIn();
    fakeApi({
      'GET /api/reservations/mine': () =>
        reply(200, {
          success: true,
          data: { upcoming: [savedReservation({ number_of_guests: 16, combination_id: 4, table_id: 9, table_number: 9, table_numbers: [9, 10] })], past: [] },
        }),
    });
    open();
    expect(await screen.findByText(/^Tables 9 \+ 10 · 16 People/)).toBeInTheDocument();
  });

  it('opens a pending one on its pending page', async () => {
    logIn();
    fakeApi({ 'GET /api/reservations/mine': () => reply(200, { success: true, data: { upcoming: [savedReservation()], past: [] } }) });
    open();
    await userEvent.click(await screen.findByRole('link', { name: '#12 · December 5, 2030, 5:00 PM - 6:30 PM' }));
    expect(await screen.findByText('/reservation-pending page?id=12')).toBeInTheDocument();
  });

  it('asks a visitor to log in', async () => {
    open();
    expect(screen.getByText('Please log in to see your reservations.')).toBeInTheDocument();
  });

  it('gives up with a message and a retry when the list cannot be loaded', async () => {
    logIn();
    fakeApi({ 'GET /api/reservations/mine': () => reply(500, { success: false, message: 'Internal error' }) });
    open();
    expect(await screen.findByRole('alert')).toHaveTextContent('Unable to load your reservations at the moment.');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
