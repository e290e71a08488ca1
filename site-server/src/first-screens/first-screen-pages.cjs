// The shell's server side of first screens: reads each remote's
// first-screens.json (written by build-first-screens.cjs) in the background, and
// puts a route's first screen, its stylesheets and image preloads into the page
// it sends, so the page paints before any script has run. A remote that is down
// or has none leaves the page as it was (layout and a loading status).
const { createRemoteFileCache } = require('../remote-file-cache.cjs');
const { escapeAttribute, remoteServing, routeMatches } = require('../preload-hints.cjs');
const { ASSET_ORIGIN } = require('./first-screen-markup.cjs');

const PRELOAD_LINK = /<link rel="preload"[^>]*>/g;
// The boot script (shell/prerender-home.cjs) looks for this template.
const LATER_HINTS_ID = 'after-paint-preloads';
const MAIN = /(<main id="main-content"[^>]*>)[\s\S]*?(<\/main>)/;

/**
 * @typedef {{ description?: string, image?: string, structuredData?: object[] }} LiveMeta
 * @typedef {{ route: string, html: string, preloads: string[], styles: string[], meta?: LiveMeta }} FirstScreen
 * @typedef {{ assetOrigin?: string, routes?: Record<string, { html?: unknown, styles?: unknown[], meta?: unknown } | null> }} FirstScreensFile
 *   a remote's first-screens.json as it may arrive from another server
 */

/**
 * What a page says from its live data (drawn by its remote, live-first-screens.cjs),
 * kept only in the shapes the page's head uses; null when there is none.
 * @param {unknown} value
 * @returns {LiveMeta | null}
 */
function liveMeta(value) {
  if (!value || typeof value !== 'object') return null;
  const meta = /** @type {Record<string, unknown>} */ (value);
  /** @type {LiveMeta} */
  const kept = {};
  if (typeof meta.description === 'string' && meta.description.trim()) kept.description = meta.description.trim().slice(0, 300);
  if (typeof meta.image === 'string' && meta.image) kept.image = meta.image;
  if (Array.isArray(meta.structuredData))
    kept.structuredData = meta.structuredData.filter(/** @returns {data is object} */ (data) => data && typeof data === 'object' && !Array.isArray(data));
  return Object.keys(kept).length > 0 ? kept : null;
}

/**
 * A remote's first-screens.json, with asset URLs on the remote's origin.
 * @param {unknown} body  the file as read
 * @param {string} url    where it was read
 */
function readFirstScreens(body, url) {
  const file = /** @type {FirstScreensFile | null} */ (body);
  const base = new URL('.', url).href;
  /** @type {Record<string, FirstScreen>} */
  const screens = {};
  for (const [route, screen] of Object.entries(file?.routes ?? {})) {
    if (typeof screen?.html !== 'string') continue;
    const markup = screen.html.split(file?.assetOrigin || ASSET_ORIGIN).join(base);
    // React puts preload hints (a first picture) at the top of the markup; they belong in <head>.
    const preloads = markup.match(PRELOAD_LINK) ?? [];
    const styles = (screen.styles ?? []).filter(/** @returns {name is string} */ (name) => typeof name === 'string').map((name) => new URL(name, base).href);
    const meta = liveMeta(screen.meta);
    screens[route] = { route, html: markup.replace(PRELOAD_LINK, ''), preloads, styles, ...(meta ? { meta } : {}) };
  }
  return screens;
}

/**
 * @param {object} options
 * @param {() => { remotes?: Array<{ manifest: string, routes: string[] }> }} options.remotesFile
 * @param {() => { remotes?: Array<{ manifest: string }> }} [options.readAhead]  every release a page may get (canaries too); the remotes file by default
 * @param {typeof fetch} [options.fetchImpl]
 * @returns {((pathname: string) => FirstScreen | null) & { warm: () => void }}
 */
function createFirstScreens({ remotesFile, readAhead = remotesFile, fetchImpl = fetch }) {
  // Read again every 2 s: a first screen drawn with a menu staff just changed is here within seconds.
  const cache = createRemoteFileCache(readFirstScreens, {}, fetchImpl, { freshMs: 2_000 });
  /** @param {{ manifest: string }} remote */
  const fileOf = (remote) => new URL('first-screens.json', remote.manifest).href;
  const warm = () => {
    for (const remote of readAhead()?.remotes ?? []) cache.get(fileOf(remote));
  };
  warm();
  const firstScreenOf = (/** @type {string} */ pathname) => {
    const remote = remoteServing(remotesFile()?.remotes ?? [], pathname);
    if (!remote) return null;
    const screens = cache.get(fileOf(remote));
    const route = Object.keys(screens).find((candidate) => routeMatches(candidate, pathname));
    return route ? screens[route] : null;
  };
  /** Starts reading what a newly released remote's first screens are, before a page asks. */
  firstScreenOf.warm = warm;
  return firstScreenOf;
}

/**
 * The shell's page (app.html) with a first screen in its <main> and its styles in <head>.
 * `laterHints`: the preloads the app needs once it starts, kept in a <template> the
 * boot script copies into <head> then, so they do not compete with the first screen's photo.
 * @param {string} page @param {FirstScreen | null} screen
 */
function withFirstScreen(page, screen, laterHints = '') {
  if (!screen || !MAIN.test(page)) return page;
  const head = [...screen.styles.map((href) => `<link rel="stylesheet" href="${escapeAttribute(href)}">`), ...screen.preloads].join('');
  const body = `<div class="first-screen" data-first-screen="${escapeAttribute(screen.route)}">${screen.html}</div>`;
  const withScreen = page
    .replace('</head>', () => `${head}</head>`)
    .replace(MAIN, (/** @type {string} */ _match, /** @type {string} */ open, /** @type {string} */ close) => `${open}${body}${close}`);
  return withLaterHints(withScreen, laterHints);
}

/**
 * The page with `laterHints` (<link> elements) kept in a template that the boot script copies into <head> with main.js.
 * @param {string} page @param {string} laterHints
 */
function withLaterHints(page, laterHints) {
  return laterHints ? page.replace('</body>', () => `<template id="${LATER_HINTS_ID}">${laterHints}</template></body>`) : page;
}

module.exports = { createFirstScreens, readFirstScreens, withFirstScreen, withLaterHints };
