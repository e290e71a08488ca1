import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { staffSessionStore } from '../session/staff-session';
import { fakeApi, renderStaffPage, reply, setUpApiForTests, signInStaff } from '../test/staff-test-kit';
import { AuditLogPage } from './audit-log-page';

const entry = (id: number, action: string, subject: string, details: object = {}) => ({
  id,
  at: '2026-11-25T10:05:00.000Z',
  actor_email: 'owner@samgyup.test',
  action,
  subject,
  details,
});

let asked: string[];
beforeEach(() => {
  setUpApiForTests();
  asked = [];
  fakeApi({
    'GET /api/staff/audit-log': (url) => {
      asked.push(url.search);
      if (url.searchParams.get('resource') === 'table') return reply(200, { data: [entry(9, 'table.retire', 'Table 4', { after: { is_active: false } })], next_before: null });
      if (url.searchParams.get('before') === '40') return reply(200, { data: [entry(12, 'reservation.confirm', 'Reservation #3')], next_before: null });
      return reply(200, {
        data: [
          entry(41, 'settings.update', 'Restaurant settings', { down_payment_pesos: { before: 100, after: 250 } }),
          entry(40, 'closed-date.add', 'Closed 2026-12-24', { reason: 'Christmas Eve' }),
        ],
        next_before: 40,
      });
    },
  });
});
afterEach(() => staffSessionStore.signOut());

describe('/staff/audit-log', () => {
  it('is for admins only', () => {
    signInStaff('staff');
    renderStaffPage('/staff/audit-log', '/staff/audit-log', AuditLogPage);
    expect(screen.getByRole('alert')).toHaveTextContent('Only an admin can read the audit log.');
  });

  it('shows who changed what and when, newest first, and pages back', async () => {
    signInStaff('admin');
    renderStaffPage('/staff/audit-log', '/staff/audit-log', AuditLogPage);
    const list = await screen.findByRole('list', { name: 'Changes, newest first' });
    const items = () =>
      within(list)
        .getAllByRole('listitem')
        .filter((item) => item.parentElement === list);
    expect(items()[0]).toHaveTextContent('Restaurant settings · settings.update');
    expect(items()[0]).toHaveTextContent('owner@samgyup.test · November 25, 2026, 6:05 PM Manila');
    expect(items()[0]).toHaveTextContent('down_payment_pesos: 100 → 250');
    expect(items()[1]).toHaveTextContent('reason: Christmas Eve');
    await userEvent.click(screen.getByRole('button', { name: 'Older entries' }));
    expect(await within(list).findByText('Reservation #3')).toBeInTheDocument();
    expect(items()).toHaveLength(3);
    expect(screen.queryByRole('button', { name: 'Older entries' })).not.toBeInTheDocument();
    expect(asked[1]).toContain('before=40');
  });

  it('filters by resource', async () => {
    signInStaff('admin');
    renderStaffPage('/staff/audit-log', '/staff/audit-log', AuditLogPage);
    await screen.findByText('Restaurant settings');
    await userEvent.selectOptions(screen.getByLabelText('Show'), 'Tables');
    expect(await screen.findByText('Table 4')).toBeInTheDocument();
    expect(screen.queryByText('Restaurant settings')).not.toBeInTheDocument();
    expect(asked.at(-1)).toContain('resource=table');
  });
});
