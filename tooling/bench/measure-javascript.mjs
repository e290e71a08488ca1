// JavaScript the browser downloads, counted as gzip bytes, and which shared
// singletons were loaded from where (Module Federation's own share registry).
// The DOM types: for the functions it hands to the browser page.
/// <reference lib="dom" />
import { gzipSync } from 'node:zlib';

/** @typedef {import('playwright-core').Page} Page */

/** @param {import('playwright-core').Response} response */
async function scriptBytes(response) {
  try {
    return gzipSync(await response.body(), { level: 9 }).length;
  } catch {
    return 0;
  }
}

/**
 * Collects every script response on the page from now on.
 * @param {Page} page
 */
export function recordScripts(page) {
  /** @type {import('playwright-core').Response[]} */
  const scripts = [];
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') scripts.push(response);
  });
  return {
    async total() {
      const sizes = await Promise.all(scripts.map(scriptBytes));
      return {
        files: scripts.map((response, index) => ({ url: response.url(), gzipBytes: sizes[index] })),
        gzipBytes: sizes.reduce((sum, size) => sum + size, 0),
      };
    },
    reset() {
      scripts.length = 0;
    },
  };
}

/**
 * Moves the single-page app to a path the way a link click does, without a reload.
 * @param {Page} page @param {string} path
 */
export async function navigateInApp(page, path) {
  const before = await page.evaluate(() => document.querySelector('main h1')?.textContent ?? '');
  await page.evaluate((target) => {
    window.history.pushState({}, '', target);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  // The network is already idle when the navigation starts: wait for the new page's heading first.
  await page.waitForFunction(
    (previous) => {
      const heading = document.querySelector('main h1')?.textContent ?? '';
      return heading !== '' && heading !== previous;
    },
    before,
    { timeout: 15_000 },
  );
  await page.waitForLoadState('networkidle');
}

/**
 * For each shared package, the containers whose copy was actually loaded.
 * Exactly one per package means every singleton was downloaded once.
 * @param {Page} page
 */
export async function loadedSingletons(page) {
  return page.evaluate(() => {
    /** @typedef {Record<string, Record<string, Record<string, Record<string, { loaded?: boolean, lib?: unknown, from: string }>>>>} ShareRegistry  scope -> package -> version -> copy */
    // Module Federation's runtime keeps its share registry on the page's window.
    const share = /** @type {Window & { __FEDERATION__?: { __SHARE__?: ShareRegistry } }} */ (window).__FEDERATION__?.__SHARE__ ?? {};
    /** @type {Record<string, Set<string>>} package -> where each loaded copy came from */
    const loaded = {};
    for (const scopes of Object.values(share)) {
      for (const packages of Object.values(scopes)) {
        for (const [name, versions] of Object.entries(packages)) {
          for (const [version, info] of Object.entries(versions)) {
            if (info.loaded || info.lib) {
              loaded[name] ??= new Set();
              loaded[name].add(`${info.from}@${version}`);
            }
          }
        }
      }
    }
    return Object.fromEntries(Object.entries(loaded).map(([name, set]) => [name, [...set]]));
  });
}
