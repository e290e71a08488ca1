// The shell's pages drawn with the owner's settings: the footer (contact,
// social links, opening time) on every page, and the whole home page (opening
// time, down payment, dining time, address), again every 30 s with the shell's
// own components (the Node renderer its build leaves in .first-screens/); and the
// layout of a page that carries a remote's first screen, for that page's address,
// so the browser takes it over instead of drawing it again. When the API does not
// answer or a render fails, pages keep what the build drew.
const { existsSync } = require('node:fs');
const path = require('node:path');
const { escapeAttribute } = require('../preload-hints.cjs');

const SETTINGS_PATH = '/api/restaurant-settings';
const REDRAW_MS = 30_000;
const RETRY_MS = 3_000;
const API_TIMEOUT_MS = 2_000;

const FOOTER = /<footer class="site-footer">[\s\S]*?<\/footer>/;
const ROOT = /(<div id="root">)[\s\S]*(<\/div><noscript>)/;
const PRELOAD_LINK = /<link rel="preload"[^>]*>/g;
// app.html's layout, up to the notice its build put after it (shell/prerender-home.cjs).
const LAYOUT_BEFORE_NOTICE = /<div id="root">[\s\S]*?(?=<p class="page-stalled")/;
// Layouts drawn for addresses, kept until the settings are read again: at most this many.
const MAX_LAYOUTS = 200;

/**
 * @typedef {import('./first-screen-pages.cjs').LiveMeta} LiveMeta
 * @typedef {{ renderHomePage: (answers: object) => Promise<string>, renderFooter: (answers: object) => Promise<string>, describeHomePage?: (answers: object, siteUrl: string) => LiveMeta | null, renderLayoutAt?: (address: string, answers: object) => Promise<string> }} ShellRenderer
 *   the shell build's Node renderer (.first-screens/render-home-page.cjs); one released before pages were drawn for their address has no renderLayoutAt
 */

/**
 * @param {object} options
 * @param {() => string | null} options.folder   the live shell release's folder (holds .first-screens/)
 * @param {string} options.apiOrigin
 * @param {string} [options.siteUrl]  the site's public address, for the home page's structured data
 * @param {typeof fetch} [options.fetchImpl]
 * @param {ShellRenderer} [options.renderer]
 */
function createLiveShellScreens({ folder, apiOrigin, siteUrl = apiOrigin, fetchImpl = fetch, renderer }) {
  /** @type {{ folder: string, answers: object, home: string, footer: string, homeMeta: LiveMeta | null, layouts: Map<string, string>, layoutFailed: boolean } | null} the pages drawn from the last settings read */
  let drawn = null;
  // The renderer keeps a drawing's answers in one store until it is done: one drawing at a time.
  /** @type {Promise<unknown>} */
  let drawing = Promise.resolve();
  /** @template T @param {() => Promise<T>} draw @returns {Promise<T>} */
  const inTurn = (draw) => {
    const turn = drawing.then(draw, draw);
    drawing = turn.catch(() => undefined);
    return turn;
  };
  /** @type {NodeJS.Timeout | undefined} */
  let retry;
  /** @type {Promise<void> | null} */
  let running = null;

  /** @param {string} shellFolder @returns {ShellRenderer | null} */
  const rendererOf = (shellFolder) => {
    if (renderer) return renderer;
    const file = path.join(shellFolder, '.first-screens', 'render-home-page.cjs');
    return existsSync(file) ? require(file) : null;
  };

  async function drawAll() {
    const shellFolder = folder();
    if (!shellFolder) return;
    const render = rendererOf(shellFolder);
    if (!render?.renderFooter) return;
    try {
      const response = await fetchImpl(new URL(SETTINGS_PATH, apiOrigin).href, { signal: AbortSignal.timeout(API_TIMEOUT_MS), headers: { Accept: 'application/json' } });
      if (!response.ok) throw new Error(`${SETTINGS_PATH} answered ${response.status}`);
      const answers = { [SETTINGS_PATH]: await response.json() };
      const home = await inTurn(() => render.renderHomePage(answers));
      const footer = await inTurn(() => render.renderFooter(answers));
      if (!FOOTER.test(footer)) throw new Error('the footer renderer drew no footer');
      // A renderer released before the home page described itself has no describeHomePage.
      const homeMeta = render.describeHomePage?.(answers, siteUrl) ?? null;
      drawn = { folder: shellFolder, answers, home: home.replace(PRELOAD_LINK, ''), footer, homeMeta, layouts: new Map(), layoutFailed: false };
    } catch (error) {
      // The API may be starting or restarting: pages keep the build's drawing, and we look again soon.
      if (drawn?.folder !== shellFolder) drawn = null;
      if (!retry) {
        retry = setTimeout(() => {
          retry = undefined;
          void redraw();
        }, RETRY_MS);
        retry.unref();
      }
      if (!(error instanceof TypeError) && error?.name !== 'TimeoutError') console.warn(`The shell's pages stay as built: ${error.message}`);
    }
  }
  function redraw() {
    running ??= drawAll().finally(() => {
      running = null;
    });
    return running;
  }
  const timer = setInterval(() => void redraw(), REDRAW_MS);
  timer.unref();
  void redraw();

  return {
    /** The page's HTML with the live settings: the whole home page on `/`, the footer elsewhere. @param {string} pathname @param {string} html */
    page(pathname, html) {
      const live = drawn;
      if (!live || live.folder !== folder()) return html;
      if (pathname === '/' && ROOT.test(html))
        return html.replace(ROOT, (/** @type {string} */ _match, /** @type {string} */ open, /** @type {string} */ close) => `${open}${live.home}${close}`);
      return html.replace(FOOTER, () => live.footer);
    },
    /**
     * A page that carries a remote's first screen, with its layout drawn for `address` (path and query) and the live
     * settings, marked `data-drawn-for` so the app takes it over (shell/src/app/start-app.tsx); null when it cannot be
     * (settings not read yet, a shell release whose renderer cannot, a page not shaped like app.html).
     * @param {string} address @param {string} html @returns {Promise<string | null>}
     */
    async pageDrawnFor(address, html) {
      const live = drawn;
      const shellFolder = folder();
      if (!live || !shellFolder || live.folder !== shellFolder || !LAYOUT_BEFORE_NOTICE.test(html)) return null;
      const render = rendererOf(shellFolder);
      if (!render?.renderLayoutAt) return null;
      let layout = live.layouts.get(address);
      if (layout === undefined) {
        try {
          layout = await inTurn(() => /** @type {NonNullable<ShellRenderer['renderLayoutAt']>} */ (render.renderLayoutAt)(address, live.answers));
        } catch (error) {
          // Once per settings read: a renderer that fails does so for every address a visitor may type.
          if (!live.layoutFailed) console.warn(`The layout of ${address} stays as built: ${error instanceof Error ? error.message : String(error)}`);
          live.layoutFailed = true;
          return null;
        }
        if (live.layouts.size >= MAX_LAYOUTS) live.layouts.clear();
        live.layouts.set(address, layout);
      }
      const drawnLayout = layout;
      return html.replace(LAYOUT_BEFORE_NOTICE, () => `<div id="root" data-drawn-for="${escapeAttribute(address)}">${drawnLayout}`);
    },
    /** What the home page says from the owner's settings (the restaurant's structured data), or null until they are read. */
    homeMeta: () => (drawn && drawn.folder === folder() ? drawn.homeMeta : null),
    redraw,
    stop: () => {
      clearInterval(timer);
      clearTimeout(retry);
    },
  };
}

module.exports = { createLiveShellScreens };
