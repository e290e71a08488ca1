import { waitFor } from '@testing-library/react';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { DashboardPage } from './dashboard/dashboard-page';
import { StaffReservationsPage } from './reservations/staff-reservations-page';
import { staffSessionStore } from './session/staff-session';
import { fakeApi, renderStaffPage, reply, setUpApiForTests, signInStaff } from './test/staff-test-kit';

// The charts draw on a canvas jsdom has not got.
jest.mock('./dashboard/dashboard-chart', () => ({ __esModule: true, default: () => null }));

/** What package.json tells the shell's boot script to send as each route opens (docs/how-it-works.md). */
const declared = (
  JSON.parse(readFileSync(path.join(__dirname, '..', 'package.json'), 'utf8')) as {
    federation: { signedInRouteData: Record<string, Array<{ path: string; session: string }>> };
  }
).federation.signedInRouteData;

beforeEach(setUpApiForTests);
afterEach(() => staffSessionStore.signOut());

// A declared read the page does not make as its first call is sent for nothing, and the page waits as before.
describe.each([
  ['/staff', DashboardPage],
  ['/staff/reservations', StaffReservationsPage],
])('%s', (route, Page) => {
  it('makes first, with the staff login, the read its package.json declares', async () => {
    signInStaff('staff');
    // The dashboard says it failed to load, as it should with that answer.
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const fetchMock = fakeApi({
      // What the screens do with the answers is their own tests' business.
      'GET /api/staff/dashboard': () => reply(503, { message: 'not in this test' }),
      'GET /api/staff/reservations': () => reply(200, { data: [] }),
      'POST /api/staff/live/ticket': () => reply(503, { message: 'not in this test' }),
    });
    renderStaffPage(route, route, Page);
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    const [read] = declared[route];
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe(`http://api.test${read.path}`);
    expect(init.method ?? 'GET').toBe('GET');
    // The key names where the login is kept: the boot script reads its token there.
    const stored = JSON.parse(localStorage.getItem(read.session) ?? 'null') as { token?: string } | null;
    expect(init.headers).toEqual({ Accept: 'application/json', Authorization: `Bearer ${stored?.token}` });
  });
});
