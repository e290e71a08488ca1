import { reservationCalendarFile } from '@samgyup/shared/reservation';
import { act, screen, waitFor } from '@testing-library/react';
import { fakeApi, logIn, reply, renderAt, savedReservation, setUpEachTest } from '../test/reservation-test-kit';
import { ReservationConfirmedPage } from './reservation-confirmed-page';
import { ReservationPendingPage } from './reservation-pending-page';

const reservation = savedReservation({ reservation_date: '2026-12-05', updated_at: '2026-11-23T02:05:00Z' });

setUpEachTest();

describe('/reservation-pending', () => {
  it('shows the reservation id, the details and payment status pending_review in words, and says staff confirm by text', async () => {
    logIn();
    fakeApi({ 'GET /api/reservations/12': () => reply(200, { success: true, data: reservation }) });
    renderAt('/reservation-pending', '/reservation-pending?id=12', ReservationPendingPage);
    expect(screen.getByRole('status')).toHaveTextContent('Loading your reservation…');
    expect(await screen.findByText('#12')).toBeInTheDocument();
    expect(screen.getByTestId('payment-status')).toHaveAttribute('data-payment-status', 'pending_review');
    expect(screen.getByTestId('payment-status')).toHaveTextContent(/^Pending review$/);
    expect(document.body).not.toHaveTextContent('pending_review');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Reservation submitted!');
    expect(screen.queryByRole('link', { name: 'Upload proof of payment' })).not.toBeInTheDocument();
    expect(screen.getByText('December 5, 2026')).toBeInTheDocument();
    expect(screen.getByText('5:00 PM - 6:30 PM')).toBeInTheDocument();
    expect(screen.getByText(/confirm your reservation by text message to 0917 555 0142/)).toBeInTheDocument();
  });

  it('moves to /reservation-confirmed once staff confirm', async () => {
    jest.useFakeTimers();
    logIn();
    let current = reservation;
    fakeApi({ 'GET /api/reservations/12': () => reply(200, { success: true, data: current }) });
    const router = renderAt('/reservation-pending', '/reservation-pending?id=12', ReservationPendingPage, ['/reservation-confirmed']);
    await act(async () => {
      await jest.advanceTimersByTimeAsync(0);
    });
    expect(screen.getByText('#12')).toBeInTheDocument();
    current = { ...reservation, status: 'confirmed', payment_status: 'paid' };
    await act(async () => {
      await jest.advanceTimersByTimeAsync(15_000);
    });
    expect(router.state.location.pathname).toBe('/reservation-confirmed');
    expect(router.state.location.search).toBe('?id=12');
  });

  it('tells the diner when the reservation was declined, with the reason', async () => {
    logIn();
    fakeApi({
      'GET /api/reservations/12': () => reply(200, { data: { ...reservation, status: 'declined', payment_status: 'rejected', decline_reason: 'The payment did not arrive.' } }),
    });
    renderAt('/reservation-pending', '/reservation-pending?id=12', ReservationPendingPage);
    expect(await screen.findByTestId('booking-ended')).toHaveTextContent('Sorry, we could not confirm this reservation. Reason: The payment did not arrive.');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Reservation declined');
    expect(screen.getByRole('link', { name: 'Make another reservation' })).toHaveAttribute('href', '/reservation-date');
  });

  it('says a reservation the diner cancelled was cancelled by them and what happens to the paid down payment, without "submitted" or "could not confirm"', async () => {
    logIn();
    fakeApi({
      'GET /api/reservations/12': () => reply(200, { data: { ...reservation, status: 'cancelled', payment_status: 'paid', decided_by: 'customer' } }),
      'GET /api/reservations/12/manage': () =>
        reply(200, {
          data: {
            ...reservation,
            status: 'cancelled',
            changes_until: null,
            down_payment_on_cancel: 'Your ₱100 down payment is refunded to the account you paid from within 7 days.',
          },
        }),
    });
    renderAt('/reservation-pending', '/reservation-pending?id=12', ReservationPendingPage);
    const ended = await screen.findByTestId('booking-ended');
    expect(ended).toHaveTextContent('You cancelled this reservation');
    expect(await screen.findByText('Your ₱100 down payment is refunded to the account you paid from within 7 days.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Reservation cancelled');
    expect(document.body).not.toHaveTextContent('Reservation submitted!');
    expect(document.body).not.toHaveTextContent('could not confirm');
  });

  it('says when the hold ended before a proof came, and offers a new booking', async () => {
    logIn();
    fakeApi({
      'GET /api/reservations/12': () =>
        reply(200, {
          data: { ...reservation, status: 'cancelled', payment_status: 'pending', decided_by: 'system', decline_reason: 'No proof of payment arrived within 30 minutes.' },
        }),
    });
    renderAt('/reservation-pending', '/reservation-pending?id=12', ReservationPendingPage);
    expect(await screen.findByTestId('booking-ended')).toHaveTextContent('The hold on this table ended before a proof of payment arrived');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Reservation hold ended');
    expect(screen.getByRole('link', { name: 'Make another reservation' })).toBeInTheDocument();
  });

  it('offers the upload to a booking still waiting for its proof', async () => {
    logIn();
    fakeApi({ 'GET /api/reservations/12': () => reply(200, { data: { ...reservation, payment_status: 'pending' } }) });
    renderAt('/reservation-pending', '/reservation-pending?id=12', ReservationPendingPage);
    expect(await screen.findByRole('link', { name: 'Upload proof of payment' })).toHaveAttribute('href', '/reservation-upload?id=12');
  });

  it('asks a diner who is not logged in to log in first', async () => {
    fakeApi({ 'GET /api/reservations/99': () => reply(404, { success: false, message: 'Reservation not found.' }) });
    renderAt('/reservation-pending', '/reservation-pending?id=99', ReservationPendingPage);
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login-reservation');
  });

  it('explains a reservation that is not in the account', async () => {
    logIn();
    fakeApi({ 'GET /api/reservations/99': () => reply(404, { success: false, message: 'Reservation not found.' }) });
    renderAt('/reservation-pending', '/reservation-pending?id=99', ReservationPendingPage);
    expect(await screen.findByRole('alert')).toHaveTextContent('We could not find reservation #99 in your account.');
  });
});

describe('/reservation-confirmed', () => {
  it("shows name, email, phone, the long US date, the time, '{n} People', 'Table {n}', the note and Add to calendar", async () => {
    logIn();
    fakeApi({ 'GET /api/reservations/12': () => reply(200, { data: { ...reservation, status: 'confirmed', payment_status: 'paid' } }) });
    renderAt('/reservation-confirmed', '/reservation-confirmed?id=12', ReservationConfirmedPage);
    expect(await screen.findByText('Ana Cruz')).toBeInTheDocument();
    for (const text of ['ana@example.com', '0917 555 0142', 'December 5, 2026', '5:00 PM - 6:30 PM', '4 People', 'Table 3']) {
      expect(screen.getByText(text)).toBeInTheDocument();
    }
    expect(screen.getByText(/show screenshots of this page and your payment receipt at the table\. Arrive early to avoid cancellation/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add to calendar' })).toBeInTheDocument();
  });

  it("shows 'N/A' for a missing date", async () => {
    logIn();
    fakeApi({ 'GET /api/reservations/12': () => reply(200, { data: { ...reservation, status: 'confirmed', reservation_date: null } }) });
    renderAt('/reservation-confirmed', '/reservation-confirmed?id=12', ReservationConfirmedPage);
    expect(await screen.findByText('N/A')).toBeInTheDocument();
  });
});

describe('the tab title', () => {
  it.each([
    ['waiting for the restaurant', ReservationPendingPage, '/reservation-pending', {}, 'Reservation submitted'],
    ['paid, not confirmed yet', ReservationPendingPage, '/reservation-pending', { payment_status: 'paid' }, 'Reservation submitted'],
    ['cancelled by the diner', ReservationPendingPage, '/reservation-pending', { status: 'cancelled', payment_status: 'pending', decided_by: 'customer' }, 'Reservation cancelled'],
    ['whose hold ended', ReservationPendingPage, '/reservation-pending', { status: 'cancelled', payment_status: 'pending', decided_by: 'system' }, 'Reservation hold ended'],
    ['declined', ReservationPendingPage, '/reservation-pending', { status: 'declined', payment_status: 'rejected' }, 'Reservation declined'],
    ['whose day passed without the party', ReservationPendingPage, '/reservation-pending', { status: 'no_show', payment_status: 'paid' }, 'Reservation passed'],
    ['confirmed', ReservationConfirmedPage, '/reservation-confirmed', { status: 'confirmed', payment_status: 'paid' }, 'Reservation confirmed'],
    ['not confirmed yet, on the confirmed page', ReservationConfirmedPage, '/reservation-confirmed', {}, 'Reservation not confirmed yet'],
    ['cancelled, on the confirmed page', ReservationConfirmedPage, '/reservation-confirmed', { status: 'cancelled', decided_by: 'customer' }, 'Reservation cancelled'],
  ] as const)('names a booking %s for what it is, as its heading does', async (_state, Page, path, change, title) => {
    logIn();
    document.title = 'Reservation submitted · Samgyup Plaridel';
    fakeApi({
      'GET /api/reservations/12': () => reply(200, { data: { ...reservation, ...change } }),
      'GET /api/reservations/12/manage': () => reply(200, { data: { ...reservation, ...change, changes_until: null, down_payment_on_cancel: 'No down payment was paid.' } }),
    });
    renderAt(path, `${path}?id=12`, Page);
    await waitFor(() => expect(document.title).toBe(`${title} · Samgyup Plaridel`));
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(new RegExp(`^${title}!?$`));
  });
});

describe('the calendar file', () => {
  it("is an event at the reservation's time in the restaurant's zone, two hours long", () => {
    const file = reservationCalendarFile(reservation, new Date('2026-11-23T00:00:00Z'));
    expect(file).toContain('BEGIN:VEVENT');
    expect(file).toContain('DTSTART:20261205T090000Z');
    expect(file).toContain('DTEND:20261205T110000Z');
    expect(file).toContain('SUMMARY:Samgyup Plaridel: Table 3 for 4');
    expect(file).toContain('UID:reservation-12@samgyupplaridel.ph');
    expect(file.split('\r\n').length).toBeGreaterThan(10);
  });
});
