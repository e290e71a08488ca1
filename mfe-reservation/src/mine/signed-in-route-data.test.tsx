import { waitFor } from '@testing-library/react';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fakeApi, logIn, renderAt, reply, setUpEachTest } from '../test/reservation-test-kit';
import { MyReservationsPage } from './my-reservations-page';

setUpEachTest();

/** What package.json tells the shell's boot script to send as the route opens (docs/how-it-works.md). */
const declared = (
  JSON.parse(readFileSync(path.join(__dirname, '..', '..', 'package.json'), 'utf8')) as {
    federation: { signedInRouteData: Record<string, Array<{ path: string; session: string }>> };
  }
).federation.signedInRouteData;

// A declared read the page does not make is sent for nothing, and the page waits as before.
it('/my-reservations makes, with the diner login, the read its package.json declares', async () => {
  logIn();
  const fetchMock = fakeApi({ 'GET /api/reservations/mine': () => reply(200, { success: true, data: { upcoming: [], past: [] } }) });
  renderAt('/my-reservations', '/my-reservations', MyReservationsPage);
  const [read] = declared['/my-reservations'];
  await waitFor(() => expect(fetchMock.mock.calls.map(([url]) => url)).toContain(`http://api.test${read.path}`));
  const [, init] = fetchMock.mock.calls.find(([url]) => url === `http://api.test${read.path}`) as [string, RequestInit];
  // The key names where the login is kept: the boot script reads its token there.
  const stored = JSON.parse(localStorage.getItem(read.session) ?? 'null') as { token?: string } | null;
  expect(init.headers).toEqual({ Accept: 'application/json', Authorization: `Bearer ${stored?.token}` });
});
