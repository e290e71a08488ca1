import { waitFor } from '@testing-library/react';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { ComponentType } from 'react';
import { DashboardPage } from './dashboard/dashboard-page';
import { StaffMenuPage } from './menu/staff-menu-page';
import { StaffNoticesPage } from './notices/staff-notices-page';
import { StaffPromosPage } from './promos/staff-promos-page';
import { RefillQueuePage } from './refills/refill-queue-page';
import { StaffReservationsPage } from './reservations/staff-reservations-page';
import { StaffReviewsPage } from './reviews/staff-reviews-page';
import { StaffTablesPage } from './tables/staff-tables-page';
import { staffSessionStore } from './session/staff-session';
import { renderStaffPage, reply, setUpApiForTests, signInStaff } from './test/staff-test-kit';

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
const screens: Array<[string, ComponentType]> = [
  ['/staff', DashboardPage],
  ['/staff/reservations', StaffReservationsPage],
  ['/staff/tables', StaffTablesPage],
  ['/staff/refills', RefillQueuePage],
  ['/staff/reviews', StaffReviewsPage],
  ['/staff/menu', StaffMenuPage],
  ['/staff/promos', StaffPromosPage],
  ['/staff/notices', StaffNoticesPage],
];

it('checks here every read it declares', () => {
  expect(screens.map(([route]) => route).sort()).toEqual(Object.keys(declared).sort());
});

describe.each(screens)('%s', (route, Page) => {
  it('makes, with the staff login, the read its package.json declares', async () => {
    signInStaff('staff');
    // Each screen says it failed to load, as it should with that answer.
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    // What the screens do with the answers is their own tests' business: every call is refused.
    const fetchMock = jest.fn((_url: string, _init: RequestInit = {}) => Promise.resolve(reply(503, { message: 'not in this test' })));
    global.fetch = fetchMock as unknown as typeof fetch;
    renderStaffPage(route, route, Page);
    const [read] = declared[route];
    const address = `http://api.test${read.path}`;
    await waitFor(() => expect(fetchMock.mock.calls.map(([url]) => url)).toContain(address));
    const [, init] = fetchMock.mock.calls.find(([url]) => url === address) as [string, RequestInit];
    expect(init.method ?? 'GET').toBe('GET');
    // The key names where the login is kept: the boot script reads its token there.
    const stored = JSON.parse(localStorage.getItem(read.session) ?? 'null') as { token?: string } | null;
    expect(init.headers).toEqual({ Accept: 'application/json', Authorization: `Bearer ${stored?.token}` });
  });
});
