import { defaultRestaurantSettings } from '@samgyup/shared/settings';

jest.mock('@module-federation/enhanced/runtime', () => ({
  getInstance: jest.fn(),
  loadRemote: jest.fn(),
  registerRemotes: jest.fn(),
}));

const reviews = { name: 'mfe_reviews', label: 'Reviews', manifest: 'http://parts.test/mfe_reviews/mf-manifest.json', routes: ['/feedback'] };
// A remote's first screen as the shell's server puts it into <main> (site-server's withFirstScreen), its answers inside.
const firstScreen =
  '<div class="first-screen" data-first-screen="/feedback"><section><h1>Feedback</h1><p>Every grill, every refill.</p></section><script type="application/json" data-api-answers>{}</script></div>';

const settingsAnswer = { success: true, data: { ...defaultRestaurantSettings, closed_dates: [], payment_qr_path: null } };

type Modules = { startApp: (container: HTMLElement) => void };

/**
 * The page as the shell's server sends it for `address`, and the app's modules as a fresh page loads them, the
 * part's page loading as bootstrap.tsx starts it (`remote`: what loading the part's pages module gives).
 */
async function pageSent(address: string, layoutDrawnFor: 'this address' | 'no address', remote: () => Promise<unknown>): Promise<Modules> {
  let renderer!: typeof import('../prerender/render-home-page');
  jest.isolateModules(() => (renderer = require('../prerender/render-home-page')));
  // Drawn for an address, the layout carries the settings it was drawn with, as the shell's server draws it.
  const layout = layoutDrawnFor === 'this address' ? await renderer.renderLayoutAt(address, { '/api/restaurant-settings': settingsAnswer }) : await renderer.renderAppShell();
  const drawn = layout.replace(/(<main id="main-content"[^>]*>)[\s\S]*?(<\/main>)/, (_match, open: string, close: string) => `${open}${firstScreen}${close}`);
  const mark = layoutDrawnFor === 'this address' ? ` data-drawn-for="${address}"` : '';
  document.body.innerHTML =
    `<div id="root"${mark}>${drawn}<p class="page-stalled" role="alert" hidden>This page did not finish loading.</p></div>` +
    `<script type="application/json" data-document="/remotes.json">${JSON.stringify({ remotes: [reviews] })}</script>`;
  window.history.replaceState(null, '', address);
  let modules!: Modules;
  jest.isolateModules(() => {
    const { startApp } = require('./start-app') as Modules;
    const { readRemoteRegistryAtLoad } = require('../remotes/remote-registry') as typeof import('../remotes/remote-registry');
    const { startLoadingRemotePageAt } = require('../remotes/remote-page') as typeof import('../remotes/remote-page');
    const { loadRemote } = require('@module-federation/enhanced/runtime') as { loadRemote: jest.Mock };
    loadRemote.mockImplementation(remote);
    // As bootstrap.tsx does before the app starts: the registry the page carries names the part to load.
    startLoadingRemotePageAt(window.location.pathname, readRemoteRegistryAtLoad());
    modules = { startApp };
  });
  return modules;
}

async function until(condition: () => boolean) {
  for (let waited = 0; !condition(); waited += 10) {
    if (waited > 5_000) throw new Error('gave up waiting');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

const root = () => document.getElementById('root') as HTMLElement;
const appReady = () => document.documentElement.hasAttribute('data-app-ready');

describe('the app as it starts on a page the server drew', () => {
  let errors: jest.SpyInstance;
  const { fetch: realFetch, scrollTo: realScrollTo } = window;
  beforeEach(() => {
    document.documentElement.removeAttribute('data-app-ready');
    errors = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    // jsdom cannot scroll; StrictMode runs the registry's read twice, and the second one asks the server.
    window.scrollTo = jest.fn();
    window.fetch = jest.fn(async (url: RequestInfo | URL) => {
      const body = String(url).endsWith('/remotes.json') ? { remotes: [reviews] } : settingsAnswer;
      return { ok: true, status: 200, json: async () => body, text: async () => JSON.stringify(body) } as Response;
    });
  });
  afterEach(() => {
    window.fetch = realFetch;
    window.scrollTo = realScrollTo;
    errors.mockRestore();
    window.history.replaceState(null, '', '/');
  });

  it('takes over a layout drawn for its address as it is, first screen and all, until the part’s page replaces the first screen', async () => {
    let arrive: (module: unknown) => void = () => undefined;
    const arrived = new Promise((resolve) => (arrive = resolve));
    const { startApp } = await pageSent('/feedback?from=share', 'this address', () => arrived);
    const header = document.querySelector('.site-header');
    const main = document.getElementById('main-content');
    const shown = document.querySelector('[data-first-screen]');
    expect(header?.querySelector('a[aria-current="page"]')?.textContent).toBe('Feedback');

    startApp(root());
    await until(appReady);
    // No mismatch (React says so on the console), and the very elements the browser drew from the HTML.
    expect(errors).not.toHaveBeenCalled();
    expect([header, main, shown].map((node) => node?.isConnected)).toEqual([true, true, true]);
    expect(document.querySelector('.page-stalled')).toBeNull();
    expect(document.querySelector('a.account-menu__link')?.getAttribute('href')).toBe('/login?redirect=%2Ffeedback%3Ffrom%3Dshare');

    arrive({ pages: { '/feedback': () => <h1>Feedback, live</h1> } });
    await until(() => document.querySelector('main h1')?.textContent === 'Feedback, live');
    expect(document.querySelector('[data-first-screen]')).toBeNull();
    expect([header, main].map((node) => node?.isConnected)).toEqual([true, true]);
    expect(errors).not.toHaveBeenCalled();
  });

  it('shows the drawn first screen, not the part’s page, as it takes over, even when the part’s code is in already', async () => {
    const { startApp } = await pageSent('/feedback', 'this address', async () => ({ pages: { '/feedback': () => <h1>Feedback, live</h1> } }));
    // The part's page is in before React starts.
    await new Promise((resolve) => setTimeout(resolve, 50));
    const header = document.querySelector('.site-header');
    startApp(root());
    await until(() => document.querySelector('main h1')?.textContent === 'Feedback, live');
    expect(errors).not.toHaveBeenCalled();
    expect(header?.isConnected).toBe(true);
  });

  it('draws anew a layout drawn for no address (app.html), keeping the first screen on show', async () => {
    const { startApp } = await pageSent('/feedback', 'no address', () => new Promise(() => undefined));
    const header = document.querySelector('.site-header');
    expect(header?.querySelector('a[aria-current="page"]')).toBeNull();
    startApp(root());
    await until(appReady);
    expect(header?.isConnected).toBe(false);
    expect(document.querySelector('.site-header a[aria-current="page"]')?.textContent).toBe('Feedback');
    expect(document.querySelector('[data-first-screen] h1')?.textContent).toBe('Feedback');
    expect(errors).not.toHaveBeenCalled();
  });
});
