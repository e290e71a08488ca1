import { sessionStore } from '@samgyup/shared';
import { render } from '@testing-library/react';
import type { ComponentType } from 'react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router-dom';

import { defaultRestaurantSettings, type PublicRestaurantSettings } from '@samgyup/shared/settings';
import { fakeApi as fakeSharedApi, reply, setUpApiForTests, type FakeRoute } from '@samgyup/shared/testing';
import type { SavedReservation } from '../status/get-reservation';

export { reply, setUpApiForTests as setUpApi } from '@samgyup/shared/testing';

/**
 * The frame most reservation test files share: before each test the fake API's
 * settings and a silenced console.error; after it, the diner logged out, real
 * timers back and every mock restored.
 */
export function setUpEachTest() {
  beforeEach(() => {
    setUpApiForTests();
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => {
    sessionStore.signOut();
    jest.useRealTimers();
    jest.restoreAllMocks();
  });
}

/** A reservation as GET /api/reservations answers it: Ana's pending booking for 4 at table 3, with a proof of payment. */
export const savedReservation = (change: Partial<SavedReservation> = {}): SavedReservation => ({
  id: 12,
  customer_id: 7,
  customer_name: 'Ana Cruz',
  email: 'ana@example.com',
  phone: '0917 555 0142',
  table_id: 3,
  table_number: 3,
  combination_id: null,
  table_numbers: [change.table_number ?? 3],
  occasion: null,
  number_of_guests: 4,
  reservation_date: '2030-12-05',
  reservation_time: '17:00',
  duration_hours: 2,
  payment_amount: 0,
  payment_status: 'pending_review',
  status: 'pending',
  down_payment_due: 100,
  notes: null,
  has_payment_proof: true,
  decided_by: null,
  decided_at: null,
  decline_reason: null,
  hold_expires_at: null,
  calendar_sequence: 0,
  created_at: '2026-11-23T02:00:00Z',
  updated_at: '2026-11-23T02:00:00Z',
  ...change,
});

export const restaurantSettings = (change: Partial<PublicRestaurantSettings> = {}): PublicRestaurantSettings => ({
  ...defaultRestaurantSettings,
  closed_dates: [],
  payment_qr_path: null,
  ...change,
});

/** The fake API, answering the owner's settings with today's values unless a test says otherwise. */
export function fakeApi(routes: Record<string, FakeRoute>) {
  return fakeSharedApi({
    'GET /api/restaurant-settings': () => reply(200, { success: true, data: restaurantSettings() }),
    'GET /api/tables/full-slots': () => reply(200, { success: true, data: [] }),
    ...routes,
  });
}

export function logIn() {
  sessionStore.signIn({ token: 'token-abc', user: { id: 4, first_name: 'Ana', last_name: 'Cruz', email: 'ana@example.com' } });
}

/** Shows where the app went, with its query and state, for assertions. */
function Landed({ name }: { name: string }) {
  const location = useLocation();
  return (
    <p>
      {name} page{location.search}
    </p>
  );
}

/** Renders `page` at `path` inside a router that knows every other reservation route as a marker. */
export function renderAt(path: string, entry: string, Page: ComponentType, others: string[] = []) {
  const router = createMemoryRouter([{ path, element: <Page /> }, ...others.map((other) => ({ path: other, element: <Landed name={other} /> }))], { initialEntries: [entry] });
  render(<RouterProvider router={router} />);
  return router;
}
