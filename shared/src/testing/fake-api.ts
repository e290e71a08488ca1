import { forgetRecentAnswersForTests } from '../api/api-client';
import { resetRuntimeConfigForTests, setRuntimeConfig } from '../config/runtime-config';

/** Helpers for component tests that talk to the API: a JSON answer, and a fake API keyed by method and path. */
export const reply = (status: number, body: unknown) => new Response(JSON.stringify(body), { status });

export type FakeRoute = (url: URL, init: RequestInit) => Response | Promise<Response>;

/** Replaces fetch: the handler for 'METHOD /path' answers; any other call fails the test loudly. */
export function fakeApi(routes: Record<string, FakeRoute>) {
  forgetRecentAnswersForTests();
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

/** A test API at http://api.test, empty storage, and a window that can scroll. */
export function setUpApiForTests() {
  resetRuntimeConfigForTests();
  forgetRecentAnswersForTests();
  setRuntimeConfig({ apiBaseUrl: 'http://api.test' });
  localStorage.clear();
  window.scrollTo = jest.fn();
}
