import { readJson } from '@samgyup/shared';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DRAFT_STORAGE_KEY } from '../draft/reservation-draft';
import { fakeApi, logIn, renderAt, reply, setUpEachTest } from '../test/reservation-test-kit';
import { ReservationClaimPage } from './reservation-claim-page';
import { ReservationWaitlistPage } from './reservation-waitlist-page';

const TOKEN = '7-abcdefghijklmnopqrstuvwxyz012345';
const offer = {
  id: 7,
  reservation_date: '2030-12-05',
  reservation_time: '18:30',
  party_size: 2,
  status: 'offered',
  table_number: 3,
  offer_expires_at: '2030-12-01T10:15:00.000Z',
  reservation_id: null,
};

setUpEachTest();
afterEach(() => localStorage.clear());

describe('/reservation-waitlist', () => {
  it('joins the waitlist for the chosen date and slot, and shows the API answer', async () => {
    logIn();
    let sent: unknown;
    fakeApi({
      'POST /api/waitlist': (_url, init) => {
        sent = JSON.parse(String(init.body));
        return reply(201, { success: true, message: 'You are on the waitlist. If a table frees up, we will send you a link to claim it.' });
      },
    });
    renderAt('/reservation-waitlist', '/reservation-waitlist?date=2030-12-05&time=18:30&guests=4', ReservationWaitlistPage);
    expect(screen.getByText(/Every table is taken on December 5, 2030, 6:30 PM - 8:00 PM/)).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Mobile number'), '0918 555 0199');
    await userEvent.click(screen.getByRole('button', { name: 'Join the waitlist' }));
    expect(await screen.findByText('You are on the waitlist. If a table frees up, we will send you a link to claim it.')).toBeInTheDocument();
    expect(sent).toEqual({
      customer_name: 'Ana Cruz',
      email: 'ana@example.com',
      phone: '0918 555 0199',
      number_of_guests: 4,
      reservation_date: '2030-12-05',
      reservation_time: '18:30',
    });
  });

  it('shows why the API refused', async () => {
    logIn();
    fakeApi({ 'POST /api/waitlist': () => reply(409, { success: false, message: 'A table for your group is free at this time: please book it instead.' }) });
    renderAt('/reservation-waitlist', '/reservation-waitlist?date=2030-12-05&time=18:30', ReservationWaitlistPage);
    await userEvent.type(screen.getByLabelText('Mobile number'), '0918 555 0199');
    await userEvent.click(screen.getByRole('button', { name: 'Join the waitlist' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('A table for your group is free at this time: please book it instead.');
  });
});

describe('/reservation-claim', () => {
  it('shows the offer and, once claimed, goes on to pay with the claimed reservation kept as the draft', async () => {
    jest.useFakeTimers({ now: new Date('2030-12-01T10:00:00Z'), advanceTimers: true });
    logIn();
    fakeApi({
      [`GET /api/waitlist/claim/${TOKEN}`]: () => reply(200, { success: true, data: offer }),
      [`POST /api/waitlist/claim/${TOKEN}`]: () =>
        reply(201, {
          success: true,
          data: {
            id: 40,
            customer_name: 'Bea Santos',
            email: 'ana@example.com',
            phone: '0918 555 0199',
            table_id: 3,
            table_number: 3,
            number_of_guests: 2,
            reservation_date: '2030-12-05',
            reservation_time: '18:30',
            status: 'pending',
            payment_status: 'pending',
            occasion: null,
          },
        }),
    });
    renderAt('/reservation-claim', `/reservation-claim?token=${TOKEN}`, ReservationClaimPage, ['/reservation-upload']);
    expect(screen.getByRole('status')).toHaveTextContent('Loading your offer…');
    expect(await screen.findByText('Table 3 is free for 2 on December 5, 2030, 6:30 PM - 8:00 PM. It is held for you until 6:15 PM (Philippine time).')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Claim this table' }));
    expect(await screen.findByText('/reservation-upload page')).toBeInTheDocument();
    expect(readJson(DRAFT_STORAGE_KEY)).toMatchObject({ saved_id: 40, table_id: 3, idempotency_key: 'waitlist-claim-7', reservation_time: '18:30' });
    jest.useRealTimers();
  });

  it('says an offer has ended, and shows the message for a bad link', async () => {
    fakeApi({ [`GET /api/waitlist/claim/${TOKEN}`]: () => reply(200, { success: true, data: { ...offer, status: 'lapsed' } }) });
    renderAt('/reservation-claim', `/reservation-claim?token=${TOKEN}`, ReservationClaimPage);
    expect(await screen.findByRole('alert')).toHaveTextContent('This offer has ended.');
  });

  it('asks a visitor to log in before claiming', async () => {
    jest.useFakeTimers({ now: new Date('2030-12-01T10:00:00Z'), advanceTimers: true });
    fakeApi({ [`GET /api/waitlist/claim/${TOKEN}`]: () => reply(200, { success: true, data: offer }) });
    renderAt('/reservation-claim', `/reservation-claim?token=${TOKEN}`, ReservationClaimPage);
    expect(await screen.findByRole('link', { name: 'Log in' })).toHaveAttribute('href', `/login?redirect=${encodeURIComponent(`/reservation-claim?token=${TOKEN}`)}`);
    jest.useRealTimers();
  });
});
