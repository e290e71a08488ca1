import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { staffSessionStore } from '../session/staff-session';
import { fakeApi, renderStaffPage, reply, setUpApiForTests, signInStaff } from '../test/staff-test-kit';
import { StaffNoticesPage } from './staff-notices-page';

let failed = true;
beforeEach(() => {
  setUpApiForTests();
  signInStaff();
  failed = true;
  fakeApi({
    'GET /api/staff/notices': (url) =>
      reply(url.searchParams.get('status') === 'failed' ? 200 : 400, {
        data: failed
          ? [
              {
                id: 7,
                reservation_id: 12,
                kind: 'reservation.confirmed',
                channel: 'sms',
                recipient: '09175550142',
                subject: '',
                attempts: 6,
                last_error: 'Semaphore answered 500',
                created_at: '2026-11-25T05:00:00Z',
              },
            ]
          : [],
      }),
    'POST /api/staff/notices/7/retry': () => {
      failed = false;
      return reply(200, { success: true, message: 'Notice #7 is queued again.' });
    },
  });
});
afterEach(() => staffSessionStore.signOut());

describe('/staff/notices', () => {
  it('lists a failed message with why it failed, and sends it again', async () => {
    renderStaffPage('/staff/notices', '/staff/notices', StaffNoticesPage);
    expect(await screen.findByText('#7 · Text to 09175550142 · Reservation #12 · reservation.confirmed')).toBeInTheDocument();
    expect(screen.getByText('6 attempts · Semaphore answered 500')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Send message #7 again' }));
    expect(await screen.findByText('Notice #7 is queued again.')).toBeInTheDocument();
    expect(await screen.findByText('Every message went out. Messages that fail after every retry are listed here.')).toBeInTheDocument();
  });
});
