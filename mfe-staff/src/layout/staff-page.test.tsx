import { screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { staffSessionStore } from '../session/staff-session';
import { renderStaffPage, setUpApiForTests, signInStaff } from '../test/staff-test-kit';
import { StaffPage } from './staff-page';

const ReservationsScreen = () => <StaffPage title="Reservations">{() => <p>The reservations themselves</p>}</StaffPage>;

// After the rendered page is cleaned up: signing out under a mounted page would redraw it outside act().
afterEach(() => staffSessionStore.signOut());

describe('a console screen drawn ahead of time (its first screen)', () => {
  const screenAt = (path: string) =>
    renderToString(
      <MemoryRouter initialEntries={[path]}>
        <StaffPage title="Reservations">{() => <p>The reservations themselves</p>}</StaffPage>
      </MemoryRouter>,
    );

  it("shows the console's bar, the screen's title and a loading status, and nothing of anyone's session", () => {
    const html = screenAt('/staff/reservations');
    expect(html).toContain('Staff console');
    expect(html).toMatch(/<h1 id="staff-screen-title">Reservations<\/h1>/);
    expect(html).toMatch(/role="status"[^>]*>Loading the console\.\.\.</);
    expect(html).not.toContain('The reservations themselves');
    expect(html).not.toMatch(/<(form|input|button|select|textarea|nav)\b/);
  });
});

describe('a console screen in the browser', () => {
  beforeEach(() => setUpApiForTests());

  it('shows the screen to a signed-in staff member', async () => {
    signInStaff();
    renderStaffPage('/staff/reservations', '/staff/reservations', ReservationsScreen);
    expect(await screen.findByText('The reservations themselves')).toBeInTheDocument();
    expect(screen.queryByText('Loading the console...')).not.toBeInTheDocument();
  });

  it('sends someone with no staff session to the staff login', async () => {
    renderStaffPage('/staff/reservations', '/staff/reservations', ReservationsScreen);
    expect(await screen.findByText(/^\/staff\/login page\?next=%2Fstaff%2Freservations$/)).toBeInTheDocument();
  });
});
