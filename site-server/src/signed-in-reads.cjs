// The reads a page makes with the visitor's login as it opens (a remote's signedInRouteData, and
// signedInQueryRouteData for an address with a query), written into the page for the shell's boot
// script: it starts them beside the app's scripts, with the token it finds in the browser's storage,
// and the page's own call takes the answer (@samgyup/shared's apiRequest). Without it each waits for
// every script to arrive and run.
const { routeServing } = require('./preload-hints.cjs');

// The boot script (shell/boot-after-paint.cjs) looks for this block.
const READS_ID = 'signed-in-reads';
/** `{name}` in a read's path: the value of the address's query parameter `name`. */
const PLACEHOLDER = /\{([A-Za-z][A-Za-z0-9_]*)\}/g;
/** A query value a read's path may carry: a number, a plain name. Nothing that could change the path's shape. */
const QUERY_VALUE = /^[A-Za-z0-9_-]{1,64}$/;

/**
 * @typedef {{ path: string, session: string }} SignedInRead  a read with the login kept under the storage key `session`
 * @typedef {{ path: string, session?: string }} QueryRead  the same, or without `session` a public read the page's drawing needs too
 * @typedef {{ manifest: string, routes: string[], signedInRouteData?: Record<string, SignedInRead[]>, signedInQueryRouteData?: Record<string, QueryRead[]> }} RemoteEntry
 */

/**
 * What the page of `route` reads with the login at an address with a query: the route's
 * signedInQueryRouteData, each `{name}` filled from the query. Null unless the query holds exactly
 * the parameters those reads name, each once, each a plain value: another address is the app's to read.
 * @param {Pick<RemoteEntry, 'signedInQueryRouteData'>} remote @param {string} route @param {string} search  '?id=12'
 * @returns {QueryRead[] | null}
 */
function queryReadsOf(remote, route, search) {
  const reads = remote.signedInQueryRouteData?.[route];
  if (!reads?.length) return null;
  const query = new URLSearchParams(search);
  const names = [...query.keys()];
  const named = new Set(reads.flatMap((read) => [...read.path.matchAll(PLACEHOLDER)].map((match) => match[1])));
  if (names.length !== named.size || !names.every((name) => named.has(name)) || new Set(names).size !== names.length) return null;
  if (![...query.values()].every((value) => QUERY_VALUE.test(value))) return null;
  return reads.map((read) => ({ ...read, path: read.path.replace(PLACEHOLDER, (_, name) => /** @type {string} */ (query.get(name))) }));
}

/**
 * What the page at an address reads with the login as it opens, as the site's server may draw it:
 * at a plain address the route's signedInRouteData; at one with a query, only its query reads (a filter
 * or a page in the address changes what the page shows).
 * @param {Pick<RemoteEntry, 'signedInRouteData' | 'signedInQueryRouteData'>} remote @param {string} route @param {string} search  '' or '?…'
 * @returns {QueryRead[]}
 */
function drawnReadsOf(remote, route, search) {
  if (search === '' || search === '?') return remote.signedInRouteData?.[route] ?? [];
  return queryReadsOf(remote, route, search) ?? [];
}

/**
 * The page's reads as the boot script takes them: each read's full address and the storage key of its login.
 * With a query its query reads when it has them, else the route's plain reads (most parameters do not change them).
 * A public read is not among them: the page's own call, without a login, would not take its answer.
 * @param {RemoteEntry[]} remotes @param {string} pathname @param {string} apiOrigin @param {string} [search]
 * @returns {Array<{ url: string, session: string }>}
 */
function signedInReadsOf(remotes, pathname, apiOrigin, search = '') {
  const served = routeServing(remotes, pathname);
  if (!served) return [];
  const reads = (search && queryReadsOf(served.remote, served.route, search)) || served.remote.signedInRouteData?.[served.route] || [];
  return reads.flatMap((read) => (read.session ? [{ url: new URL(read.path, `${apiOrigin}/`).href, session: read.session }] : []));
}

/**
 * The page with its reads in a JSON block in <head> (a data block: no script runs from it).
 * @param {string} html @param {Array<{ url: string, session: string }>} reads
 */
function withSignedInReads(html, reads) {
  if (reads.length === 0) return html;
  // '<' escaped: nothing in the block can close it.
  const json = JSON.stringify(reads).replace(/</g, '\\u003c');
  return html.replace('</head>', () => `<script type="application/json" id="${READS_ID}">${json}</script></head>`);
}

module.exports = { drawnReadsOf, queryReadsOf, signedInReadsOf, withSignedInReads };
