import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { staffSessionStore } from '../session/staff-session';
import { fakeApi, renderStaffPage, reply, setUpApiForTests, signInStaff } from '../test/staff-test-kit';
import { StaffAccountsPage } from './staff-accounts-page';

let posted: unknown[];
beforeEach(() => {
  setUpApiForTests();
  posted = [];
  fakeApi({
    'GET /api/staff/accounts': () =>
      reply(200, {
        data: [
          { id: 7, name: 'Lea Santos', email: 'lea@samgyup.test', role: 'admin', is_active: true, created_by: 'command-line' },
          { id: 8, name: 'Jun Cruz', email: 'jun@samgyup.test', role: 'staff', is_active: true, created_by: 'lea@samgyup.test' },
        ],
      }),
    'POST /api/staff/accounts': (_url, init) => {
      posted.push(JSON.parse(String(init.body)));
      return reply(201, { message: 'Mia can now log in.' });
    },
    'PATCH /api/staff/accounts/8': (_url, init) => {
      posted.push(JSON.parse(String(init.body)));
      return reply(200, { message: 'Saved.' });
    },
  });
});
afterEach(() => staffSessionStore.signOut());

describe('/staff/accounts', () => {
  it('is for admins only', async () => {
    signInStaff('staff');
    renderStaffPage('/staff/accounts', '/staff/accounts', StaffAccountsPage);
    expect(screen.getByRole('alert')).toHaveTextContent('Only an admin can manage staff accounts.');
  });

  it('adds staff with checked fields and disables an account', async () => {
    signInStaff('admin');
    renderStaffPage('/staff/accounts', '/staff/accounts', StaffAccountsPage);
    expect(await screen.findByText('Jun Cruz')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Disable Lea Santos' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Add staff' }));
    expect(screen.getByText('Name is required')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Name'), 'Mia');
    await userEvent.type(screen.getByLabelText('Email'), 'mia@samgyup.test');
    await userEvent.type(screen.getByLabelText('Password'), 'short');
    await userEvent.click(screen.getByRole('button', { name: 'Add staff' }));
    expect(screen.getByText('Use at least 10 characters for a staff password')).toBeInTheDocument();
    await userEvent.clear(screen.getByLabelText('Password'));
    await userEvent.type(screen.getByLabelText('Password'), 'long-password-1');
    await userEvent.click(screen.getByRole('button', { name: 'Add staff' }));
    expect(await screen.findByText('Mia can now log in.')).toBeInTheDocument();
    expect(posted[0]).toEqual({ name: 'Mia', email: 'mia@samgyup.test', password: 'long-password-1', role: 'staff' });
    await userEvent.click(screen.getByRole('button', { name: 'Disable Jun Cruz' }));
    expect(await screen.findByText('Saved.')).toBeInTheDocument();
    expect(posted[1]).toEqual({ is_active: false });
  });
});
