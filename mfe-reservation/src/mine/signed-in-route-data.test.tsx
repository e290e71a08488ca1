import { waitFor } from '@testing-library/react';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fakeApi, logIn, renderAt, reply, setUpEachTest } from '../test/reservation-test-kit';
import { MyReservationsPage } from './my-reservations-page';
import { ReservationUploadPage } from '../upload/reservation-upload-page';
import { restaurantSettings, savedReservation } from '../test/reservation-test-kit';

setUpEachTest();

/** What package.json tells the shell's boot script to send as the route opens (docs/how-it-works.md). */
const { signedInRouteData: declared, signedInQueryRouteData: declaredWithQuery } = (
  JSON.parse(readFileSync(path.join(__dirname, '..', '..', 'package.json'), 'utf8')) as {
    federation: { signedInRouteData: Record<string, Array<{ path: string; session: string }>>; signedInQueryRouteData: Record<string, Array<{ path: string; session?: string }>> };
  }
).federation;

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

it('/reservation-upload?id=12 makes, with the diner login, each read its package.json declares for that address', async () => {
  logIn();
  const fetchMock = fakeApi({
    'GET /api/reservations/12': () => reply(200, { success: true, data: savedReservation({ payment_status: 'pending' }) }),
    'GET /api/reservations/12/payment': () => reply(200, { success: true, data: { provider: 'proof', online_methods: [], amount_due_centavos: 10000, payments: [], refunds: [] } }),
    'GET /api/restaurant-settings': () => reply(200, { success: true, data: restaurantSettings() }),
  });
  renderAt('/reservation-upload', '/reservation-upload?id=12', ReservationUploadPage);
  const stored = JSON.parse(localStorage.getItem('user') ?? 'null') as { token?: string } | null;
  for (const read of declaredWithQuery['/reservation-upload']) {
    const address = `http://api.test${read.path.replace('{id}', '12')}`;
    await waitFor(() => expect(fetchMock.mock.calls.map(([url]) => url)).toContain(address));
    const [, init] = fetchMock.mock.calls.find(([url]) => url === address) as [string, RequestInit];
    // A read with a session goes with that login, as the boot script sends it; a public one (the settings) without.
    if (read.session) expect(init.headers).toEqual({ Accept: 'application/json', Authorization: `Bearer ${stored?.token}` });
    else expect((init.headers as Record<string, string>).Authorization).toBeUndefined();
  }
});
