import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { staffSessionStore } from '../session/staff-session';
import { fakeApi, renderStaffPage, reply, setUpApiForTests } from '../test/staff-test-kit';
import { StaffLoginPage } from './staff-login-page';

beforeEach(() => setUpApiForTests());
afterEach(() => staffSessionStore.signOut());

describe('/staff/login', () => {
  it('asks for email and password, logs in and goes back where the staff member was going', async () => {
    const fetchMock = fakeApi({
      'POST /api/staff/login': () => reply(200, { data: { token: 'tok', staff: { id: 7, name: 'Lea', email: 'lea@samgyup.test', role: 'staff' } } }),
    });
    const router = renderStaffPage('/staff/login', '/staff/login?next=%2Fstaff%2Frefills', StaffLoginPage, ['/staff/refills', '/staff/reservations']);
    await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(screen.getByText('Email is required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
    await userEvent.type(screen.getByLabelText('Email'), 'lea@samgyup.test');
    await userEvent.type(screen.getByLabelText('Password'), 'grill-master-1');
    await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByText('/staff/refills page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/staff/refills');
    expect(staffSessionStore.getSession()?.staff.name).toBe('Lea');
  });

  it("shows the server's message for a wrong password", async () => {
    fakeApi({ 'POST /api/staff/login': () => reply(401, { success: false, message: 'Wrong email or password.' }) });
    renderStaffPage('/staff/login', '/staff/login', StaffLoginPage);
    await userEvent.type(screen.getByLabelText('Email'), 'lea@samgyup.test');
    await userEvent.type(screen.getByLabelText('Password'), 'nope');
    await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Wrong email or password.');
    expect(staffSessionStore.getSession()).toBeNull();
  });
});
