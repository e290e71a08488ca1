// The shell's server side of signed-in first screens. A route that reads API data with the
// visitor's login as it opens (a remote's `signedInRouteData`) is drawn with that data when the
// visitor's browser sends the cookie mirroring the login (@samgyup/shared's session-cookie.ts):
// the server makes the route's reads at the API with that login's token, and the remote's own
// renderer (its release's .first-screens/render-first-screen.cjs) draws the page, so its largest
// paint needs no script. No cookie, a read that fails or is slow, a renderer that cannot draw a
// signed-in page: the page goes out as it did before, and the browser reads the data itself.
const { checkFirstScreen } = require('./first-screen-markup.cjs');
const { readFirstScreens } = require('./first-screen-pages.cjs');
const { inTurn } = require('./renderer-turns.cjs');
const { drawnReadsOf } = require('../signed-in-reads.cjs');

/** The cookie mirroring the login kept under a storage key; @samgyup/shared writes the same name. */
const SESSION_COOKIE_PREFIX = 'samgyup_session_';
// Reads and drawing together: past this, the page goes out without its data rather than late.
const DRAW_TIMEOUT_MS = 1_500;

/**
 * @typedef {import('../signed-in-reads.cjs').SignedInRead} SignedInRead
 * @typedef {{ name: string, manifest: string, signedInRouteData?: Record<string, SignedInRead[]>, signedInQueryRouteData?: Record<string, import('../signed-in-reads.cjs').QueryRead[]> }} SignedInRemote
 * @typedef {(route: string, answers: Record<string, unknown>, options: { apiBaseUrl: string, sessions: Record<string, unknown>, search?: string }) => Promise<string | null>} SignedInRenderer
 * @typedef {{ renderSignedInFirstScreen?: SignedInRenderer, signedInFirstScreens?: unknown, signedInQueryFirstScreens?: unknown }} RendererModule
 */

/**
 * The cookies of a request by name (the first of each name wins, as browsers send the most specific first).
 * @param {string | undefined} header
 * @returns {Map<string, string>}
 */
function readCookies(header) {
  const cookies = new Map();
  for (const pair of (header ?? '').split(';')) {
    const at = pair.indexOf('=');
    if (at < 1) continue;
    const name = pair.slice(0, at).trim();
    if (!cookies.has(name)) cookies.set(name, pair.slice(at + 1).trim());
  }
  return cookies;
}

/**
 * The login a session cookie mirrors: what the browser keeps under that storage key (an object
 * with a token), or null when the value is not one.
 * @param {string | undefined} value
 * @returns {{ token: string } | null}
 */
function sessionFromCookie(value) {
  if (!value || !/^[A-Za-z0-9_-]+$/.test(value) || value.length > 4096) return null;
  try {
    const stored = JSON.parse(Buffer.from(value, 'base64url').toString('utf8'));
    return stored && typeof stored === 'object' && !Array.isArray(stored) && typeof stored.token === 'string' && stored.token ? stored : null;
  } catch {
    return null;
  }
}

/**
 * @param {object} options
 * @param {(remoteName: string) => string | null} options.rendererFile  the live release's renderer of a remote, for this visitor
 * @param {string} options.apiOrigin
 * @param {(manifestUrl: string, route: string) => string[]} options.stylesOf  the stylesheets the route's page applies (absolute URLs)
 * @param {typeof fetch} [options.fetchImpl]
 * @param {number} [options.timeoutMs]
 * @param {(file: string) => RendererModule} [options.load]
 */
function createSignedInFirstScreens({ rendererFile, apiOrigin, stylesOf, fetchImpl = fetch, timeoutMs = DRAW_TIMEOUT_MS, load = require }) {
  const api = new URL(apiOrigin);
  /** @type {Set<string>} what was said already: a route that cannot be drawn is said once, not on every page */
  const said = new Set();
  const sayOnce = (/** @type {string} */ message) => {
    if (said.has(message)) return;
    said.add(message);
    console.warn(message);
  };

  /**
   * The answer of one read, made with the visitor's token (none for a public read) at the API, or null.
   * @param {string} readPath @param {string | null} token @param {AbortSignal} signal
   */
  async function readWithLogin(readPath, token, signal) {
    const url = new URL(readPath, `${apiOrigin}/`);
    // The token goes to the API and nowhere else, whatever a release's route data says.
    if (url.origin !== api.origin || !url.pathname.startsWith('/api/')) return null;
    const headers = { Accept: 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) };
    const response = await fetchImpl(url, { headers, signal, redirect: 'error' });
    if (!response.ok) return null;
    return /** @type {unknown} */ (await response.json());
  }

  /**
   * @param {SignedInRemote} remote @param {string} route @param {string | undefined} cookieHeader
   * @param {string} [search]  the address's query ('' or '?…'): drawn only when the route's query reads name exactly its parameters
   * @returns {Promise<import('./first-screen-pages.cjs').FirstScreen | null>}
   */
  async function draw(remote, route, cookieHeader, search = '') {
    const reads = drawnReadsOf(remote, route, search);
    if (reads.length === 0) return null;
    const cookies = readCookies(cookieHeader);
    /** @type {Record<string, { token: string }>} */
    const sessions = {};
    for (const read of reads) {
      // A public read (a query read without a session) needs no login; a page with no read that does is no signed-in page.
      if (!read.session) continue;
      const session = sessionFromCookie(cookies.get(`${SESSION_COOKIE_PREFIX}${read.session}`));
      if (!session) return null;
      sessions[read.session] = session;
    }
    if (Object.keys(sessions).length === 0) return null;
    const file = rendererFile(remote.name);
    if (!file) return null;
    /** @type {RendererModule} */
    let renderer;
    try {
      renderer = load(file);
    } catch {
      return null;
    }
    const render = renderer.renderSignedInFirstScreen;
    // Only the routes the remote draws signed in; a release built before they were drawn has neither export,
    // and one built before addresses with a query were drawn would draw the plain address: it lists none.
    const drawn = search ? renderer.signedInQueryFirstScreens : renderer.signedInFirstScreens;
    if (typeof render !== 'function' || !Array.isArray(drawn) || !drawn.includes(route)) return null;
    const signal = AbortSignal.timeout(timeoutMs);
    try {
      /** @type {Record<string, unknown>} */
      const answers = {};
      const read = await Promise.all(reads.map((each) => readWithLogin(each.path, each.session ? sessions[each.session].token : null, signal)));
      for (const [index, answer] of read.entries()) {
        if (answer === null) return null;
        answers[reads[index].path] = answer;
      }
      const drawing = inTurn(file, () => /** @type {SignedInRenderer} */ (render)(route, answers, { apiBaseUrl: apiOrigin, sessions, ...(search ? { search } : {}) }));
      const html = await Promise.race([
        drawing,
        new Promise((resolve) => {
          if (signal.aborted) resolve(null);
          signal.addEventListener('abort', () => resolve(null), { once: true });
        }),
      ]);
      if (typeof html !== 'string') return null;
      checkFirstScreen(route, html);
      // Asset addresses and stylesheets as in the remote's own first screens (absolute ones stay as they are).
      const screens = readFirstScreens({ routes: { [route]: { html, styles: stylesOf(remote.manifest, route) } } }, remote.manifest);
      return screens[route] ?? null;
    } catch (error) {
      // The page goes out without its data; the browser reads it as it would have.
      sayOnce(`${remote.name} ${route} could not be drawn signed in: ${/** @type {Error} */ (error).message}`);
      return null;
    }
  }

  return draw;
}

module.exports = { SESSION_COOKIE_PREFIX, createSignedInFirstScreens, readCookies, sessionFromCookie };
