const { createSignedInFirstScreens, readCookies, sessionFromCookie } = require('./signed-in-first-screens.cjs');

const API = 'https://site.test';
const remote = {
  name: 'mfe_reservation',
  manifest: 'https://site.test/releases/mfe_reservation/1.0.0-abc/mf-manifest.json',
  signedInRouteData: { '/my-reservations': [{ path: '/api/reservations/mine', session: 'user' }] },
};
const login = { token: 'token-of-maria', name: 'María' };
const cookieOf = (/** @type {unknown} */ stored) => `samgyup_cohort=12; samgyup_session_user=${Buffer.from(JSON.stringify(stored)).toString('base64url')}`;
const mine = { data: { upcoming: [{ id: 7 }], past: [] } };

/**
 * @param {{ answer?: (url: string, init: RequestInit) => Response | Promise<Response>, render?: import('./signed-in-first-screens.cjs').SignedInRenderer | null, timeoutMs?: number, queryScreens?: string[] | null }} [options]
 *   `queryScreens`: what the renderer draws at an address with a query (null: a renderer from before those were drawn)
 */
function setUp({ answer = () => Response.json(mine), render, timeoutMs, queryScreens = ['/reservation-upload'] } = {}) {
  /** @type {Array<{ url: string, authorization: string | null }>} */
  const asked = [];
  /** @type {Array<{ route: string, answers: unknown, options: unknown }>} */
  const drawn = [];
  const renderer =
    render === undefined
      ? async (/** @type {string} */ route, /** @type {Record<string, any>} */ answers, /** @type {unknown} */ options) => {
          drawn.push({ route, answers, options });
          return `<section><h1>My reservations</h1><a href="/reservation-pending?id=7"><img src="https://remote-assets.invalid/logo.svg" alt=""> #${answers['/api/reservations/mine'].data.upcoming[0].id}</a></section>`;
        }
      : render;
  const draw = createSignedInFirstScreens({
    apiOrigin: API,
    rendererFile: () => '/releases/mfe_reservation/1.0.0-abc/.first-screens/render-first-screen.cjs',
    stylesOf: () => ['https://site.test/releases/mfe_reservation/1.0.0-abc/style.mine.css'],
    fetchImpl: /** @type {typeof fetch} */ (
      async (url, init) => {
        asked.push({ url: String(url), authorization: new Headers(init?.headers).get('authorization') });
        return answer(String(url), /** @type {RequestInit} */ (init));
      }
    ),
    load: () =>
      renderer
        ? {
            renderSignedInFirstScreen: renderer,
            signedInFirstScreens: ['/my-reservations', '/reservation-upload'],
            ...(queryScreens ? { signedInQueryFirstScreens: queryScreens } : {}),
          }
        : {},
    ...(timeoutMs ? { timeoutMs } : {}),
  });
  return { draw, asked, drawn };
}

describe('a signed-in page drawn with its data on the shell’s server', () => {
  it('reads the route’s data at the API with the login its cookie mirrors, and has the remote draw it', async () => {
    const { draw, asked, drawn } = setUp();
    const screen = await draw(remote, '/my-reservations', cookieOf(login));
    expect(asked).toEqual([{ url: 'https://site.test/api/reservations/mine', authorization: 'Bearer token-of-maria' }]);
    expect(drawn).toEqual([{ route: '/my-reservations', answers: { '/api/reservations/mine': mine }, options: { apiBaseUrl: API, sessions: { user: login } } }]);
    expect(screen).toMatchObject({ route: '/my-reservations', styles: ['https://site.test/releases/mfe_reservation/1.0.0-abc/style.mine.css'] });
    // Asset addresses are the remote release's, as in its other first screens.
    expect(screen?.html).toContain('<img src="https://site.test/releases/mfe_reservation/1.0.0-abc/logo.svg"');
    expect(screen?.html).toContain('#7');
  });

  it.each([
    ['no cookie', undefined],
    ['another login’s cookie only', 'samgyup_session_staffSession=eyJ0b2tlbiI6InQifQ'],
    ['a cookie that is not a login', 'samgyup_session_user=bm90IGpzb24'],
    ['a login without a token', cookieOf({ name: 'María' })],
  ])('leaves the page as it was with %s, asking the API nothing', async (_case, cookie) => {
    const { draw, asked } = setUp();
    expect(await draw(remote, '/my-reservations', cookie)).toBeNull();
    expect(asked).toEqual([]);
  });

  it('leaves the page as it was when the API refuses the login or does not answer in time', async () => {
    const refused = setUp({ answer: () => Response.json({ success: false }, { status: 401 }) });
    expect(await refused.draw(remote, '/my-reservations', cookieOf(login))).toBeNull();
    expect(refused.drawn).toEqual([]);
    const slow = setUp({
      timeoutMs: 50,
      answer: (_url, init) => new Promise((_resolve, reject) => init.signal?.addEventListener('abort', () => reject(new DOMException('The operation timed out.', 'TimeoutError')))),
    });
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => {});
    const started = Date.now();
    expect(await slow.draw(remote, '/my-reservations', cookieOf(login))).toBeNull();
    expect(Date.now() - started).toBeLessThan(1000);
    expect(warn).toHaveBeenCalledWith('mfe_reservation /my-reservations could not be drawn signed in: The operation timed out.');
    warn.mockRestore();
  });

  it('never draws with a renderer released before signed-in pages were drawn, or one that declines', async () => {
    const old = setUp({ render: null });
    expect(await old.draw(remote, '/my-reservations', cookieOf(login))).toBeNull();
    expect(old.asked).toEqual([]);
    const declines = setUp({ render: async () => null });
    expect(await declines.draw(remote, '/my-reservations', cookieOf(login))).toBeNull();
    // A route with reads the remote does not draw signed in: nothing is read for it.
    const notListed = setUp();
    const staff = {
      ...remote,
      signedInRouteData: { '/my-reservations': remote.signedInRouteData['/my-reservations'], '/my-visits': remote.signedInRouteData['/my-reservations'] },
    };
    expect(await notListed.draw(staff, '/my-visits', cookieOf(login))).toBeNull();
    expect(notListed.asked).toEqual([]);
  });

  it('sends nothing that is not plain markup: a page with controls stays as it was', async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => {});
    const { draw } = setUp({ render: async () => '<section><button>Cancel</button></section>' });
    expect(await draw(remote, '/my-reservations', cookieOf(login))).toBeNull();
    expect(await draw(remote, '/my-reservations', cookieOf(login))).toBeNull();
    expect(warn).toHaveBeenCalledTimes(1);
    warn.mockRestore();
  });

  it('sends the token to the API only, whatever a release’s route data names', async () => {
    const { draw, asked } = setUp();
    for (const path of ['//evil.test/api/steal', 'https://evil.test/api/steal', '/not-api/x']) {
      const elsewhere = { ...remote, signedInRouteData: { '/my-reservations': [{ path, session: 'user' }] } };
      expect(await draw(elsewhere, '/my-reservations', cookieOf(login))).toBeNull();
    }
    expect(asked).toEqual([]);
  });

  it('draws one page at a time with one renderer: a page reads its answers and login from the renderer’s state', async () => {
    let drawing = 0;
    let most = 0;
    const { draw } = setUp({
      render: async () => {
        drawing += 1;
        most = Math.max(most, drawing);
        await new Promise((resolve) => setTimeout(resolve, 10));
        drawing -= 1;
        return '<p>drawn</p>';
      },
    });
    const screens = await Promise.all([1, 2, 3].map(() => draw(remote, '/my-reservations', cookieOf(login))));
    expect(screens.map((screen) => screen?.html)).toEqual(['<p>drawn</p>', '<p>drawn</p>', '<p>drawn</p>']);
    expect(most).toBe(1);
  });
});

describe('a signed-in page at an address with a query (signedInQueryRouteData)', () => {
  const upload = {
    ...remote,
    signedInQueryRouteData: {
      '/reservation-upload': [
        { path: '/api/reservations/{id}', session: 'user' },
        { path: '/api/restaurant-settings', session: 'user' },
      ],
    },
  };
  const page = () => async (/** @type {string} */ _route, /** @type {Record<string, any>} */ answers) => `<h1>Payment</h1><p>#${answers['/api/reservations/12'].data.id}</p>`;

  it('reads what the query names, and has the remote draw the page at that address', async () => {
    /** @type {unknown[]} */
    const calls = [];
    const { draw, asked } = setUp({
      answer: (url) => Response.json({ data: { id: url.endsWith('/12') ? 12 : 0 } }),
      render: async (route, answers, options) => {
        calls.push({ route, answers, options });
        return page()(route, answers);
      },
    });
    const screen = await draw(upload, '/reservation-upload', cookieOf(login), '?id=12');
    expect(screen?.html).toContain('#12');
    expect(asked).toEqual([
      { url: 'https://site.test/api/reservations/12', authorization: 'Bearer token-of-maria' },
      { url: 'https://site.test/api/restaurant-settings', authorization: 'Bearer token-of-maria' },
    ]);
    // The renderer is told the query, to draw the page the browser will show.
    expect(calls).toEqual([
      {
        route: '/reservation-upload',
        answers: { '/api/reservations/12': { data: { id: 12 } }, '/api/restaurant-settings': { data: { id: 0 } } },
        options: { apiBaseUrl: API, sessions: { user: login }, search: '?id=12' },
      },
    ]);
  });

  it.each([['?id=12&from=mail'], ['?from=mail'], ['?id=12&id=13'], ['?id=..%2Fmine'], ['?id='], ['?id=12/payment']])(
    'draws nothing at %s: only an address whose query is exactly what the reads name, each a plain value',
    async (search) => {
      const { draw, asked } = setUp({ render: page() });
      expect(await draw(upload, '/reservation-upload', cookieOf(login), search)).toBeNull();
      expect(asked).toEqual([]);
    },
  );

  it('draws a route with only plain reads at its plain address only, and asks no renderer built before queries were drawn', async () => {
    const filtered = setUp();
    expect(await filtered.draw(remote, '/my-reservations', cookieOf(login), '?from=reminder')).toBeNull();
    expect(filtered.asked).toEqual([]);
    const plain = setUp({ render: page() });
    expect(await plain.draw(upload, '/reservation-upload', cookieOf(login))).toBeNull();
    const old = setUp({ render: page(), queryScreens: null });
    expect(await old.draw(upload, '/reservation-upload', cookieOf(login), '?id=12')).toBeNull();
  });
});

describe('reading the cookies', () => {
  it('takes each name once and a login only from base64url JSON with a token', () => {
    expect(readCookies('a=1; b=2; a=3')).toEqual(
      new Map([
        ['a', '1'],
        ['b', '2'],
      ]),
    );
    expect(sessionFromCookie(Buffer.from('{"token":"t","name":"M"}').toString('base64url'))).toEqual({ token: 't', name: 'M' });
    for (const value of [undefined, '', 'not base64!', Buffer.from('[1]').toString('base64url'), Buffer.from('{"token":""}').toString('base64url')])
      expect(sessionFromCookie(value)).toBeNull();
  });
});
