import { apiRequest, sessionStore, setRuntimeConfig } from '@samgyup/shared';

// The boot script is plain JavaScript written into dist/ at build time; it is run here as the browser runs it.
const { bootAfterPaint } = require('../boot-after-paint.cjs') as { bootAfterPaint: (startScripts: string[]) => string };

const MINE = 'http://api.test/api/reservations/mine';

/** A login as the API signs it (only the claims matter here). */
function token(expiresInSeconds: number): string {
  const claims = btoa(JSON.stringify({ sub: '1', exp: Math.floor(Date.now() / 1000) + expiresInSeconds })).replace(/=+$/, '');
  return `eyJhbGciOiJIUzI1NiJ9.${claims}.signature`;
}

/** The page as the shell's server sends /my-reservations, with its reads listed, then its boot script run. */
function openPage(reads: unknown) {
  document.head.innerHTML = `<script type="application/json" id="signed-in-reads">${JSON.stringify(reads)}</script>`;
  new Function(bootAfterPaint([]))();
}

describe("the boot script's reads with the visitor's login", () => {
  let fetchMock: jest.Mock;
  beforeEach(() => {
    setRuntimeConfig({ apiBaseUrl: 'http://api.test' });
    fetchMock = jest.fn(() => Promise.resolve(new Response('{"data":{"upcoming":[]}}', { status: 200 })));
    global.fetch = fetchMock as unknown as typeof fetch;
  });
  afterEach(() => {
    sessionStore.signOut();
    localStorage.clear();
    delete (window as { __samgyupSignedInReads?: unknown }).__samgyupSignedInReads;
  });

  it("go out as the page opens, and the page's own call takes the answer: one request", async () => {
    sessionStore.signIn({ token: token(600), user: { email: 'ana@example.com' } });
    openPage([{ url: MINE, session: 'user' }]);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock.mock.calls[0][0]).toBe(MINE);
    expect((fetchMock.mock.calls[0][1] as RequestInit).headers).toEqual({ Accept: 'application/json', Authorization: `Bearer ${sessionStore.getToken()}` });

    await expect(apiRequest('/api/reservations/mine', { auth: true })).resolves.toEqual({ data: { upcoming: [] } });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('send nothing without a login, with one that has run out, or with a list the page cannot read', async () => {
    openPage([{ url: MINE, session: 'user' }]);
    localStorage.setItem('user', JSON.stringify({ token: token(-60), email: 'ana@example.com' }));
    openPage([{ url: MINE, session: 'user' }]);
    localStorage.setItem('user', '{not json');
    openPage([{ url: MINE, session: 'user' }]);
    document.head.innerHTML = '<script type="application/json" id="signed-in-reads">{broken</script>';
    new Function(bootAfterPaint([]))();
    openPage({ url: MINE });
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('use the login kept under the key each read names (the staff console keeps its own)', () => {
    localStorage.setItem('staffSession', JSON.stringify({ token: 'staff-token', staff: { id: 1 } }));
    openPage([{ url: 'http://api.test/api/staff/dashboard', session: 'staffSession' }]);
    expect((fetchMock.mock.calls[0][1] as RequestInit).headers).toEqual({ Accept: 'application/json', Authorization: 'Bearer staff-token' });
  });
});

describe("the boot script's start of the app", () => {
  /** A PerformanceObserver that hands its callback the paint entries the test gives it. */
  function fakePaintTiming() {
    const observers: Array<{ callback: PerformanceObserverCallback; observer: { disconnect: jest.Mock } }> = [];
    class FakeObserver {
      static supportedEntryTypes = ['paint', 'largest-contentful-paint'];
      disconnect = jest.fn();
      constructor(callback: PerformanceObserverCallback) {
        observers.push({ callback, observer: this });
      }
      observe() {}
    }
    const paint = (name: string) => {
      for (const { callback, observer } of observers) {
        callback(
          { getEntriesByName: (wanted: string) => (wanted === name ? [{ name }] : []) } as unknown as PerformanceObserverEntryList,
          observer as unknown as PerformanceObserver,
        );
      }
    };
    return { FakeObserver, paint, observers };
  }
  const mainScript = () => document.head.querySelector('script[src="/main.js"]');

  beforeEach(() => {
    jest.useFakeTimers();
    document.head.innerHTML = '';
    document.body.innerHTML = '';
  });
  afterEach(() => {
    jest.useRealTimers();
    delete (window as { PerformanceObserver?: unknown }).PerformanceObserver;
  });

  it('asks for main.js and the start scripts once the browser reports the first content on screen, not before', () => {
    const timing = fakePaintTiming();
    (window as { PerformanceObserver?: unknown }).PerformanceObserver = timing.FakeObserver;
    new Function(bootAfterPaint(['/1.abc.js']))();
    jest.advanceTimersByTime(100);
    expect(mainScript()).toBeNull();
    timing.paint('first-paint');
    jest.advanceTimersByTime(100);
    expect(mainScript()).toBeNull();

    timing.paint('first-contentful-paint');
    expect(timing.observers[0].observer.disconnect).toHaveBeenCalled();
    jest.advanceTimersByTime(0);
    expect(mainScript()).not.toBeNull();
    expect(document.head.querySelector('link[rel="preload"][href="/1.abc.js"]')).not.toBeNull();
    // Once: the time limit that follows finds the app started.
    jest.advanceTimersByTime(2000);
    expect(document.head.querySelectorAll('script[src="/main.js"]')).toHaveLength(1);
  });

  it('where the browser cannot report paints, starts two frames after the first screen is drawn', () => {
    const frames: FrameRequestCallback[] = [];
    jest.spyOn(window, 'requestAnimationFrame').mockImplementation((callback) => frames.push(callback));
    new Function(bootAfterPaint([]))();
    frames.shift()!(0);
    jest.advanceTimersByTime(0);
    expect(mainScript()).toBeNull();
    frames.shift()!(16);
    jest.advanceTimersByTime(0);
    expect(mainScript()).not.toBeNull();
  });

  it('starts the app after 1.5 s when no paint is reported (a tab opened in the background)', () => {
    (window as { PerformanceObserver?: unknown }).PerformanceObserver = fakePaintTiming().FakeObserver;
    new Function(bootAfterPaint([]))();
    jest.advanceTimersByTime(1499);
    expect(mainScript()).toBeNull();
    jest.advanceTimersByTime(1);
    expect(mainScript()).not.toBeNull();
  });
});
