// Before a release is pointed at: the site as the registry would be (the new
// build with everything deployed), served by a throwaway shell server and opened
// in Chromium. Every route of the part being released and one route of every
// other part must finish loading without the "could not be loaded" message, the
// not-found page or an uncaught error.
// The DOM types: for the functions it hands to the browser page.
/// <reference lib="dom" />
const { chromium } = require('playwright-core');
const { closeServer, startShellServer, registry: registryTools } = require('@samgyup/site-server');
const { CHROMIUM_FLAGS, findHeadlessChromium } = require('./find-chromium.cjs');

const PAGE_LIMIT_MS = 20_000;

/** @typedef {import('@samgyup/site-server/release-registry').Registry} Registry */

/**
 * Routes to open: all of the released parts' (without parameters), the first of every other part, and home.
 * @param {Registry} registry @param {string[]} parts
 */
function routesToOpen(registry, parts) {
  const { remotes } = registryTools.remotesDocument(registry);
  const plain = (/** @type {string} */ route) => !/[:*]/.test(route);
  const routes = new Set(['/']);
  for (const remote of remotes) {
    const own = parts.includes(remote.name);
    for (const route of remote.routes.filter(plain).slice(0, own ? undefined : 1)) routes.add(route);
  }
  return [...routes];
}

/**
 * How one page ended: null when it loaded, else what went wrong.
 * @param {import('playwright-core').Page} page @param {string} url
 */
async function openRoute(page, url) {
  /** @type {string[]} */
  const errors = [];
  const onError = (/** @type {Error} */ error) => errors.push(error.message);
  page.on('pageerror', onError);
  try {
    await page.goto(url, { waitUntil: 'load', timeout: PAGE_LIMIT_MS });
    const outcome = await page
      .waitForFunction(
        () => {
          const main = document.querySelector('main');
          if (!main) return null;
          if (main.querySelector('#remote-error-title')) return 'showed "This page could not be loaded"';
          if (main.querySelector('#not-found-title')) return 'showed the not-found page';
          const waiting = main.querySelector('.remote-status, [data-first-screen]');
          return !waiting && main.querySelector('h1') ? 'ok' : null;
        },
        undefined,
        { timeout: PAGE_LIMIT_MS, polling: 100 },
      )
      .then((handle) => handle.jsonValue());
    if (errors.length > 0) return `threw ${errors[0]}`;
    return outcome === 'ok' ? null : outcome;
  } catch (error) {
    return errors.length > 0 ? `threw ${errors[0]}` : `did not finish loading within ${PAGE_LIMIT_MS / 1000} s (${error.message.split('\n')[0]})`;
  } finally {
    page.off('pageerror', onError);
  }
}

/**
 * @param {object} options
 * @param {ReturnType<typeof import('@samgyup/site-server').loadSiteSettings>} options.settings
 * @param {Registry} options.registry   the registry as it would be after the release
 * @param {string[]} options.parts    the parts being released
 * @returns {Promise<{ problems: string[], routes: string[] }>}
 */
async function checkInBrowser({ settings, registry, parts }) {
  const shell = await startShellServer(settings, { registry: { current: () => registry }, port: 0 });
  const origin = `http://${settings.host}:${/** @type {import('node:net').AddressInfo} */ (shell.address()).port}`;
  const browser = await chromium.launch({ executablePath: findHeadlessChromium(), args: CHROMIUM_FLAGS });
  const routes = routesToOpen(registry, parts);
  /** @type {string[]} */
  const problems = [];
  try {
    const page = await browser.newPage();
    for (const route of routes) {
      const problem = await openRoute(page, `${origin}${route}`);
      if (problem) problems.push(`${route} ${problem}`);
    }
  } finally {
    await browser.close();
    await closeServer(shell);
  }
  return { problems, routes };
}

module.exports = { checkInBrowser, routesToOpen };
