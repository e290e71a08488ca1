// The remote's server side of first screens: routes that read API data as they
// open (`federation.routeData`) are drawn again with that data whenever it
// changes, with the remote's own components (the Node bundle its build left in
// .first-screens/). The API is asked every 2 s with the ETag of its last answer,
// so an unchanged list costs a 304 and no drawing, and a price staff change is
// in the first screen within seconds.
// The remote then answers /first-screens.json with those, so a menu page's first
// screen shows the menu itself. When the API does not answer, or a render fails,
// the route keeps the first screen drawn at build (no data).
const { existsSync, readFileSync } = require('node:fs');
const path = require('node:path');
const { checkFirstScreen, withoutAnswers } = require('./first-screen-markup.cjs');
const { inTurn } = require('./renderer-turns.cjs');

const REDRAW_MS = 2_000;
const RETRY_MS = 3_000;
const API_TIMEOUT_MS = 2_000;

/**
 * @typedef {Map<string, { etag: string | null, answer: unknown }>} KnownAnswers  API URL -> its last answer and ETag
 * @typedef {(route: string, answers: Record<string, unknown>) => object | null} DescribePage
 * @typedef {{ assetOrigin?: string, routes: Record<string, { html: string, styles?: string[], meta?: object }> }} FirstScreensDocument
 *   first-screens.json, as the build wrote it or drawn again with data
 */

/**
 * The API's answer at `url`; `known` spares reading an unchanged one again.
 * @param {string} url @param {typeof fetch} fetchImpl @param {KnownAnswers} known
 */
async function readAnswer(url, fetchImpl, known) {
  const before = known.get(url);
  const headers = { Accept: 'application/json', ...(before?.etag ? { 'If-None-Match': before.etag } : {}) };
  const response = await fetchImpl(url, { signal: AbortSignal.timeout(API_TIMEOUT_MS), headers });
  if (response.status === 304 && before) return { answer: before.answer, changed: false };
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  const answer = await response.json();
  known.set(url, { etag: response.headers.get('etag'), answer });
  return { answer, changed: true };
}

/**
 * `{ meta }` from the page's own describePage, or nothing when it has none or it fails (the page's static meta stays).
 * @param {DescribePage | null} describePage @param {string} route @param {Record<string, unknown>} answers
 */
function pageMetaOf(describePage, route, answers) {
  if (!describePage) return {};
  try {
    const meta = describePage(route, answers);
    return meta ? { meta } : {};
  } catch (error) {
    console.warn(`${route} could not describe itself from its data: ${error.message}`);
    return {};
  }
}

/**
 * @param {object} options
 * @param {string} options.folder          the remote's folder (holds dist/ and .first-screens/)
 * @param {Record<string, string[]>} [options.routeData]
 * @param {string} options.apiOrigin
 * @param {typeof fetch} [options.fetchImpl]
 * @param {(route: string, answers: Record<string, unknown>, env: { apiBaseUrl: string }) => Promise<string>} [options.render]
 * @param {DescribePage} [options.describe]  what the page says from its data (title, description, structured data)
 * @returns {{ documents: () => { '/first-screens.json'?: FirstScreensDocument }, redraw: () => Promise<void>, stop: () => void } | null}
 */
function createLiveFirstScreens({ folder, routeData = {}, apiOrigin, fetchImpl = fetch, render, describe }) {
  const builtFile = path.join(folder, 'dist', 'first-screens.json');
  const renderer = path.join(folder, '.first-screens', 'render-first-screen.cjs');
  if (!existsSync(builtFile) || (!render && !existsSync(renderer))) return null;
  /** @type {FirstScreensDocument} the build's own file */
  const built = JSON.parse(readFileSync(builtFile, 'utf8'));
  const routes = Object.keys(built.routes ?? {}).filter((route) => (routeData[route] ?? []).length > 0);
  if (routes.length === 0) return null;
  /** @type {{ renderFirstScreen: (route: string, answers: Record<string, unknown>, env: { apiBaseUrl: string }) => Promise<string>, describePage?: DescribePage }} the remote's Node bundle */
  const renderModule = render ? { renderFirstScreen: render } : require(renderer);
  /** @type {typeof renderModule.renderFirstScreen} taking turns with the shell's server's signed-in drawings, which use the same module */
  const renderFirstScreen = (route, answers, env) => inTurn(render ?? path.resolve(renderer), () => renderModule.renderFirstScreen(route, answers, env));
  // A renderer built before pages described themselves has no describePage.
  const describePage = describe ?? (render ? null : renderModule.describePage) ?? null;

  /** @type {Record<string, { html: string, meta?: object }>} route -> its first screen drawn with data */
  const drawn = {};
  /** @type {KnownAnswers} */
  const known = new Map();
  /** @type {NodeJS.Timeout | undefined} */
  let retry;
  /** @type {Promise<void> | null} */
  let running = null;
  function redraw() {
    // One drawing at a time: pages read their answers from one store while they render.
    running ??= drawAll().finally(() => {
      running = null;
    });
    return running;
  }
  async function drawAll() {
    let failed = false;
    for (const route of [...routes]) {
      /** @type {Record<string, unknown>} */
      const answers = {};
      let changed = !drawn[route];
      try {
        for (const dataPath of routeData[route]) {
          const read = await readAnswer(new URL(dataPath, apiOrigin).href, fetchImpl, known);
          answers[dataPath] = read.answer;
          changed ||= read.changed;
        }
        if (!changed) continue;
      } catch {
        delete drawn[route]; // the build's first screen, without data, until the API answers
        failed = true;
        continue;
      }
      try {
        const html = await renderFirstScreen(route, answers, { apiBaseUrl: apiOrigin });
        if (withoutAnswers(html) === built.routes[route].html) {
          // The page does not start from its data: the build's first screen is the same.
          routes.splice(routes.indexOf(route), 1);
          continue;
        }
        checkFirstScreen(route, html);
        drawn[route] = { ...built.routes[route], html, ...pageMetaOf(describePage, route, answers) };
      } catch (error) {
        // This page cannot be drawn with its data (e.g. it then shows controls): it keeps the build's.
        console.warn(`First screen of ${route} stays without data: ${error.message}`);
        routes.splice(routes.indexOf(route), 1);
        delete drawn[route];
      }
    }
    // The API may still be starting (or restarting): look again soon, not in 30 s.
    if (failed && !retry) {
      retry = setTimeout(() => {
        retry = undefined;
        void redraw();
      }, RETRY_MS);
      retry.unref();
    }
  }
  const timer = setInterval(() => void redraw(), REDRAW_MS);
  timer.unref();
  void redraw();
  return {
    documents: () => (Object.keys(drawn).length === 0 ? {} : { '/first-screens.json': { ...built, routes: { ...built.routes, ...drawn } } }),
    redraw,
    stop: () => {
      clearInterval(timer);
      clearTimeout(retry);
    },
  };
}

module.exports = { createLiveFirstScreens };
