import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { staffSessionStore } from '../session/staff-session';
import { rememberApiAnswers } from '@samgyup/shared';
import { drawForSignedInTablet, expectDrawnForTheScript, fakeApi, renderStaffPage, reply, setUpApiForTests, signInStaff } from '../test/staff-test-kit';
import { StaffNoticesPage } from './staff-notices-page';

const failedSms = {
  id: 7,
  reservation_id: 12,
  kind: 'reservation.confirmed',
  channel: 'sms',
  recipient: '09175550142',
  subject: '',
  attempts: 6,
  last_error: 'Semaphore answered 500',
  created_at: '2026-11-25T05:00:00Z',
};
let failed = true;
beforeEach(() => {
  setUpApiForTests();
  signInStaff();
  failed = true;
  fakeApi({
    'GET /api/staff/notices': (url) =>
      reply(url.searchParams.get('status') === 'failed' ? 200 : 400, {
        data: failed ? [failedSms] : [],
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

describe('/staff/notices drawn on the site’s server for a signed-in tablet (docs/adr/0006-signed-in-first-screens.md)', () => {
  const failedEmail = { ...failedSms, id: 8, channel: 'email', recipient: 'ana@example.com', attempts: 5, last_error: 'SMTP refused' };

  it('is each failed message and why, its Send again shown disabled until the script runs', () => {
    const html = drawForSignedInTablet('/staff/notices', StaffNoticesPage, {
      '/api/staff/notices?status=failed': { data: [failedSms, failedEmail] },
      '/api/staff/payments/failed-refunds': { data: [] },
    });
    expect(html).toContain('#7 · Text to 09175550142 · Reservation #12 · reservation.confirmed');
    expect(html).toContain('5 attempts · SMTP refused');
    expect(html).toContain('Every refund went through.');
    expect(html).not.toMatch(/Loading failed (messages|refunds)…/);
    expectDrawnForTheScript(html, 2);
  });

  it('starts in the browser from the messages it was drawn with, usable at once, then reads them again', async () => {
    rememberApiAnswers({ '/api/staff/notices?status=failed': { data: [failedEmail] } });
    renderStaffPage('/staff/notices', '/staff/notices', StaffNoticesPage);
    expect(screen.getByRole('button', { name: 'Send message #8 again' })).toBeEnabled();
    expect(await screen.findByRole('button', { name: 'Send message #7 again' })).toBeEnabled();
    expect(screen.queryByRole('button', { name: 'Send message #8 again' })).toBeNull();
  });
});
