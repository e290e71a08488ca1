import { sessionStore } from '@samgyup/shared';
import { render } from '@testing-library/react';
import type { ComponentType } from 'react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router-dom';

import { defaultRestaurantSettings, type PublicRestaurantSettings } from '@samgyup/shared/settings';
import { fakeApi as fakeSharedApi, reply, type FakeRoute } from '@samgyup/shared/testing';

export { reply, setUpApiForTests as setUpApi } from '@samgyup/shared/testing';

export const restaurantSettings = (change: Partial<PublicRestaurantSettings> = {}): PublicRestaurantSettings => ({
  ...defaultRestaurantSettings,
  closed_dates: [],
  payment_qr_path: null,
  ...change,
});

/** The fake API, answering the owner's settings with today's values unless a test says otherwise. */
export function fakeApi(routes: Record<string, FakeRoute>) {
  return fakeSharedApi({ 'GET /api/restaurant-settings': () => reply(200, { success: true, data: restaurantSettings() }), ...routes });
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
  const router = createMemoryRouter(
    [
      { path, element: <Page /> },
      ...others.map((other) => ({ path: other, element: <Landed name={other} /> })),
    ],
    { initialEntries: [entry] },
  );
  render(<RouterProvider router={router} />);
  return router;
}
