import { resetRuntimeConfigForTests, setRuntimeConfig } from '../config/runtime-config';
import { sessionStore } from '../session/session-store';
import { apiRequest } from './api-client';
import { ApiError } from './api-error';

function respond(status: number, body: string, statusText = '') {
  return jest.fn().mockResolvedValue(new Response(body, { status, statusText }));
}

describe('apiRequest', () => {
  beforeEach(() => {
    resetRuntimeConfigForTests();
    setRuntimeConfig({ apiBaseUrl: 'http://api.test' });
  });
  afterEach(() => sessionStore.signOut());

  it('sends JSON to the configured base URL with query parameters', async () => {
    const fetchMock = respond(200, '{"success":true,"data":[1]}');
    global.fetch = fetchMock;
    const result = await apiRequest('/api/tables/available', {
      query: { date: '2026-12-01', time: '17:00', skip: undefined },
    });
    expect(result).toEqual({ success: true, data: [1] });
    expect(fetchMock.mock.calls[0][0]).toBe('http://api.test/api/tables/available?date=2026-12-01&time=17%3A00');
  });

  it('adds the bearer token and cookies only when asked', async () => {
    sessionStore.signIn({ token: 'tok', user: { email: 'a@example.com' } });
    const fetchMock = respond(200, '{}');
    global.fetch = fetchMock;
    await apiRequest('/api/feedback', { method: 'POST', body: { rating: 5 }, auth: true, credentials: true });
    const init = fetchMock.mock.calls[0][1];
    expect(init.headers.Authorization).toBe('Bearer tok');
    expect(init.headers['Content-Type']).toBe('application/json');
    expect(init.credentials).toBe('include');
    expect(init.body).toBe('{"rating":5}');

    await apiRequest('/api/feedback/public');
    expect(fetchMock.mock.calls[1][1].headers.Authorization).toBeUndefined();
    expect(fetchMock.mock.calls[1][1].credentials).toBe('same-origin');
  });

  it("turns an error response into ApiError with the server's message", async () => {
    global.fetch = respond(409, '{"success":false,"message":"Email already registered"}');
    await expect(apiRequest('/x')).rejects.toMatchObject({
      status: 409,
      message: 'Email already registered',
      serverMessage: 'Email already registered',
      kind: 'http',
    });
  });

  it('falls back to the error field, then the status text, then the status', async () => {
    global.fetch = respond(400, '{"error":"Bad thing"}');
    await expect(apiRequest('/x')).rejects.toMatchObject({ message: 'Bad thing' });
    global.fetch = respond(503, '', 'Service Unavailable');
    await expect(apiRequest('/x')).rejects.toMatchObject({ message: 'Service Unavailable', serverMessage: null });
    global.fetch = respond(502, '');
    await expect(apiRequest('/x')).rejects.toMatchObject({ message: 'Request failed with status 502' });
  });

  it('reports a reply that is not JSON', async () => {
    global.fetch = respond(500, '<html>oops</html>');
    await expect(apiRequest('/x')).rejects.toMatchObject({
      kind: 'invalid-response',
      message: 'Server responded with status 500: <html>oops</html>',
    });
  });

  it('reports a network failure with status 0', async () => {
    global.fetch = jest.fn().mockRejectedValue(new TypeError('Failed to fetch'));
    const error = await apiRequest('/x').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 0, kind: 'network', isNetworkError: true });
  });

  it('gives up after the timeout', async () => {
    jest.useFakeTimers();
    global.fetch = jest.fn(
      (_url: string, init: RequestInit) =>
        new Promise<Response>((_resolve, reject) => {
          init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
    ) as unknown as typeof fetch;
    const pending = apiRequest('/slow', { timeoutMs: 10_000 }).catch((caught: unknown) => caught);
    await jest.advanceTimersByTimeAsync(10_000);
    expect(await pending).toMatchObject({ kind: 'timeout', message: 'Request timeout - please try again' });
    jest.useRealTimers();
  });

  it('ends the session when an authenticated call is refused with 401', async () => {
    sessionStore.signIn({ token: 'stale', user: { email: 'a@example.com' } });
    const ended = jest.fn();
    const stop = sessionStore.onSessionEnd(ended);
    global.fetch = respond(401, '{"success":false,"message":"Please log in again."}');
    await expect(apiRequest('/api/feedback', { method: 'POST', auth: true })).rejects.toMatchObject({ status: 401 });
    expect(sessionStore.getSession()).toBeNull();
    expect(ended).toHaveBeenCalledWith('expired');
    stop();
  });

  describe('a public read asked again while the first is on its way', () => {
    /** A fetch that answers only when told to, counting the requests it was asked for. */
    function heldFetch() {
      const requests: Array<{ url: string; signal?: AbortSignal | null; answer: (body: string) => void }> = [];
      const fetchMock = jest.fn(
        (url: string, init: RequestInit) =>
          new Promise<Response>((resolve, reject) => {
            init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
            requests.push({ url, signal: init.signal, answer: (body) => resolve(new Response(body, { status: 200 })) });
          }),
      );
      global.fetch = fetchMock as unknown as typeof fetch;
      return { requests, fetchMock };
    }
    const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

    it('shares one request and gives every caller the answer', async () => {
      const { requests } = heldFetch();
      const first = apiRequest('/api/restaurant-settings');
      const second = apiRequest('/api/restaurant-settings');
      await flush();
      expect(requests).toHaveLength(1);
      requests[0].answer('{"data":{"name":"Samgyup"}}');
      await expect(first).resolves.toEqual({ data: { name: 'Samgyup' } });
      await expect(second).resolves.toEqual({ data: { name: 'Samgyup' } });
    });

    it('asks again once the first has answered, so nothing is read from an old answer', async () => {
      const { requests } = heldFetch();
      const first = apiRequest('/api/restaurant-settings');
      await flush();
      requests[0].answer('{"data":1}');
      await first;
      const later = apiRequest('/api/restaurant-settings');
      await flush();
      expect(requests).toHaveLength(2);
      requests[1].answer('{"data":2}');
      await expect(later).resolves.toEqual({ data: 2 });
    });

    it('keeps the request for the others when one caller gives up, and stops it when the last does', async () => {
      const { requests } = heldFetch();
      const leaving = new AbortController();
      const gone = apiRequest('/api/restaurant-settings', { signal: leaving.signal }).catch((caught: unknown) => caught);
      const staying = apiRequest('/api/restaurant-settings');
      await flush();
      leaving.abort();
      expect(await gone).toMatchObject({ name: 'AbortError' });
      expect(requests[0].signal?.aborted).toBe(false);
      requests[0].answer('{"data":"kept"}');
      await expect(staying).resolves.toEqual({ data: 'kept' });

      const alone = new AbortController();
      const abandoned = apiRequest('/api/restaurant-settings', { signal: alone.signal }).catch((caught: unknown) => caught);
      await flush();
      alone.abort();
      await abandoned;
      expect(requests[1].signal?.aborted).toBe(true);
    });

    it('never shares a call that carries a login, cookies, a body or headers of its own', async () => {
      sessionStore.signIn({ token: 'tok', user: { email: 'a@example.com' } });
      const { requests } = heldFetch();
      void apiRequest('/api/reservations/mine', { auth: true });
      void apiRequest('/api/reservations/mine', { auth: true });
      void apiRequest('/api/customers/me', { credentials: true });
      void apiRequest('/api/customers/me', { credentials: true });
      void apiRequest('/api/menu', { headers: { 'If-None-Match': '"a"' } });
      void apiRequest('/api/menu', { headers: { 'If-None-Match': '"a"' } });
      await flush();
      expect(requests).toHaveLength(6);
      for (const request of requests) request.answer('{}');
    });
  });

  describe('a public read asked with reuseAnswerFor', () => {
    const answering = (status: number, body: string) => {
      const fetchMock = jest.fn(async () => new Response(body, { status }));
      global.fetch = fetchMock as unknown as typeof fetch;
      return fetchMock;
    };
    afterEach(() => jest.restoreAllMocks());

    it('takes an answer that came less than that long ago, and asks again once it is older', async () => {
      const fetchMock = answering(200, '{"data":{"name":"Samgyup"}}');
      let now = 1_000_000;
      jest.spyOn(Date, 'now').mockImplementation(() => now);
      await expect(apiRequest('/api/restaurant-settings?reuse=1')).resolves.toEqual({ data: { name: 'Samgyup' } });
      now += 4_000;
      await expect(apiRequest('/api/restaurant-settings?reuse=1', { reuseAnswerFor: 5_000 })).resolves.toEqual({ data: { name: 'Samgyup' } });
      expect(fetchMock).toHaveBeenCalledTimes(1);
      // Another caller without the option, or one asking for younger answers, reads afresh.
      await apiRequest('/api/restaurant-settings?reuse=1');
      now += 2_000;
      await apiRequest('/api/restaurant-settings?reuse=1', { reuseAnswerFor: 1_000 });
      expect(fetchMock).toHaveBeenCalledTimes(3);
      // Never longer than ten seconds, whatever the caller asks.
      now += 10_001;
      await apiRequest('/api/restaurant-settings?reuse=1', { reuseAnswerFor: 60_000 });
      expect(fetchMock).toHaveBeenCalledTimes(4);
    });

    it('never reuses a failed answer, another address, or a call with a login', async () => {
      sessionStore.signIn({ token: 'tok', user: { email: 'a@example.com' } });
      const failing = answering(503, '{"message":"Service Unavailable"}');
      await expect(apiRequest('/api/restaurant-settings?reuse=2')).rejects.toBeInstanceOf(ApiError);
      await expect(apiRequest('/api/restaurant-settings?reuse=2', { reuseAnswerFor: 5_000 })).rejects.toBeInstanceOf(ApiError);
      expect(failing).toHaveBeenCalledTimes(2);
      const fetchMock = answering(200, '{"data":1}');
      await apiRequest('/api/restaurant-settings?reuse=3');
      await apiRequest('/api/restaurant-settings?reuse=4', { reuseAnswerFor: 5_000 });
      await apiRequest('/api/reservations/mine', { auth: true });
      await apiRequest('/api/reservations/mine', { auth: true, reuseAnswerFor: 5_000 });
      expect(fetchMock).toHaveBeenCalledTimes(4);
    });
  });

  describe("a read the shell's boot script started as the page opened", () => {
    const answered = (status: number, text: string) => Promise.resolve({ ok: status < 400, status, statusText: '', text });
    const early = (url: string, authorization: string, answer: ReturnType<typeof answered>, at = Date.now()) => {
      window.__samgyupSignedInReads = { [url]: { authorization, answer, at } };
    };
    afterEach(() => {
      delete window.__samgyupSignedInReads;
    });
    /** The API, answering every request it is sent (a Response body can be read once). */
    const api = () => {
      const fetchMock = jest.fn(() => Promise.resolve(new Response('{"data":"sent"}', { status: 200 })));
      global.fetch = fetchMock as unknown as typeof fetch;
      return fetchMock;
    };

    it("gives the page's first call its answer, once, with no request of its own", async () => {
      sessionStore.signIn({ token: 'tok', user: { email: 'a@example.com' } });
      early('http://api.test/api/reservations/mine', 'Bearer tok', answered(200, '{"data":{"upcoming":[]}}'));
      const fetchMock = api();
      await expect(apiRequest('/api/reservations/mine', { auth: true })).resolves.toEqual({ data: { upcoming: [] } });
      expect(fetchMock).not.toHaveBeenCalled();
      // The next call (a refresh) asks the API again.
      await expect(apiRequest('/api/reservations/mine', { auth: true })).resolves.toEqual({ data: 'sent' });
    });

    it('answers a call with the login in its own headers (the staff console) the same way', async () => {
      early('http://api.test/api/staff/reservations?status=pending', 'Bearer staff', answered(200, '{"data":[]}'));
      const fetchMock = respond(200, '{}');
      global.fetch = fetchMock;
      await expect(apiRequest('/api/staff/reservations', { query: { status: 'pending' }, headers: { Authorization: 'Bearer staff' } })).resolves.toEqual({ data: [] });
      expect(fetchMock).not.toHaveBeenCalled();
    });

    it("treats its refusal as the call's own: a 401 ends the session", async () => {
      sessionStore.signIn({ token: 'tok', user: { email: 'a@example.com' } });
      early('http://api.test/api/reservations/mine', 'Bearer tok', answered(401, '{"message":"Token expired"}'));
      global.fetch = respond(200, '{}');
      await expect(apiRequest('/api/reservations/mine', { auth: true })).rejects.toMatchObject({ status: 401, message: 'Token expired' });
      expect(sessionStore.getSession()).toBeNull();
    });

    it('is not used for a different request: another login, another header, a body, or too long ago', async () => {
      sessionStore.signIn({ token: 'new', user: { email: 'a@example.com' } });
      const fetchMock = api();
      early('http://api.test/api/reservations/mine', 'Bearer old', answered(200, '{"data":"early"}'));
      await expect(apiRequest('/api/reservations/mine', { auth: true })).resolves.toEqual({ data: 'sent' });
      early('http://api.test/api/reservations/mine', 'Bearer new', answered(200, '{"data":"early"}'));
      await expect(apiRequest('/api/reservations/mine', { auth: true, headers: { 'If-None-Match': '"a"' } })).resolves.toEqual({ data: 'sent' });
      early('http://api.test/api/reservations/mine', 'Bearer new', answered(200, '{"data":"early"}'));
      await expect(apiRequest('/api/reservations/mine', { method: 'POST', auth: true, body: {} })).resolves.toEqual({ data: 'sent' });
      early('http://api.test/api/reservations/mine', 'Bearer new', answered(200, '{"data":"early"}'), Date.now() - 60_000);
      await expect(apiRequest('/api/reservations/mine', { auth: true })).resolves.toEqual({ data: 'sent' });
      expect(fetchMock).toHaveBeenCalledTimes(4);
    });

    it("asks the API itself when the early read failed, and still keeps the caller's timeout", async () => {
      sessionStore.signIn({ token: 'tok', user: { email: 'a@example.com' } });
      early('http://api.test/api/reservations/mine', 'Bearer tok', Promise.reject(new TypeError('Failed to fetch')));
      global.fetch = respond(200, '{"data":"sent"}');
      await expect(apiRequest('/api/reservations/mine', { auth: true })).resolves.toEqual({ data: 'sent' });

      early('http://api.test/api/reservations/mine', 'Bearer tok', new Promise(() => undefined));
      await expect(apiRequest('/api/reservations/mine', { auth: true, timeoutMs: 20 })).rejects.toMatchObject({ message: 'Request timeout - please try again' });
    });
  });
});
