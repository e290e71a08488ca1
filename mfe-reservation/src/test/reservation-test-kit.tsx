import { sessionStore } from '@samgyup/shared';
import { render } from '@testing-library/react';
import type { ComponentType } from 'react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router-dom';

export { fakeApi, reply, setUpApiForTests as setUpApi } from '@samgyup/shared/testing';

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
