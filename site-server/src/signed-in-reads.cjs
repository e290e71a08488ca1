// The reads a page makes with the visitor's login as it opens (a remote's signedInRouteData),
// written into the page for the shell's boot script: it starts them beside the app's scripts,
// with the token it finds in the browser's storage, and the page's own call takes the answer
// (@samgyup/shared's apiRequest). Without it each waits for every script to arrive and run.
const { routeServing } = require('./preload-hints.cjs');

// The boot script (shell/boot-after-paint.cjs) looks for this block.
const READS_ID = 'signed-in-reads';

/**
 * @typedef {{ path: string, session: string }} SignedInRead
 * @typedef {{ manifest: string, routes: string[], signedInRouteData?: Record<string, SignedInRead[]> }} RemoteEntry
 */

/**
 * The page's reads as the boot script takes them: each read's full address and the storage key of its login.
 * @param {RemoteEntry[]} remotes @param {string} pathname @param {string} apiOrigin
 * @returns {Array<{ url: string, session: string }>}
 */
function signedInReadsOf(remotes, pathname, apiOrigin) {
  const served = routeServing(remotes, pathname);
  const reads = (served && served.remote.signedInRouteData?.[served.route]) || [];
  return reads.map((read) => ({ url: new URL(read.path, `${apiOrigin}/`).href, session: read.session }));
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

module.exports = { signedInReadsOf, withSignedInReads };
