import { sessionStore } from '@samgyup/shared';
import { resetRuntimeConfigForTests, setRuntimeConfig } from '@samgyup/shared/config/runtime-config';
import { render } from '@testing-library/react';
import type { ComponentType } from 'react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router-dom';

export const reply = (status: number, body: unknown) => new Response(JSON.stringify(body), { status });

type Handler = (url: URL, init: RequestInit) => Response | Promise<Response>;

/** A fake API: the first handler whose path matches answers; unknown calls fail the test loudly. */
export function fakeApi(routes: Record<string, Handler>) {
  const fetchMock = jest.fn(async (input: string, init: RequestInit = {}) => {
    const url = new URL(input);
    const key = `${init.method ?? 'GET'} ${url.pathname}`;
    const handler = routes[key];
    if (!handler) throw new Error(`unexpected call ${key}`);
    return handler(url, init);
  });
  global.fetch = fetchMock as unknown as typeof fetch;
  return fetchMock;
}

export function setUpApi() {
  resetRuntimeConfigForTests();
  setRuntimeConfig({ apiBaseUrl: 'http://api.test' });
  localStorage.clear();
  window.scrollTo = jest.fn();
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
