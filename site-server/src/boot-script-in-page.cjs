// The shell's boot script (shell/boot-after-paint.cjs) written into its pages instead of fetched:
// on a phone's slow link the app's scripts, which that script asks for, no longer wait a round
// trip for it, and the page makes one request fewer. The server does it, not the shell's build,
// so every shell release works with every server: a page of a release without the file, or with
// the tag in another shape, is sent as built and fetches the script as before.
const { createHash } = require('node:crypto');
const { readFileSync } = require('node:fs');
const path = require('node:path');

const BOOT_FILE = 'boot-after-paint.js';
// The tag the shell's build writes into each page (shell/prerender-home.cjs).
const BOOT_TAG = `<script defer="defer" src="/${BOOT_FILE}"></script>`;

/**
 * @typedef {{ source: string, hash: string }} BootScript
 *   the script's text, and its CSP source expression ('sha256-…'), which lets that text and no other run in the page
 */

/**
 * A release's boot script, or null when it has none or its text could not sit inside a <script> element.
 * @param {string} dist  the shell release's dist folder
 * @returns {BootScript | null}
 */
function readBootScript(dist) {
  let source;
  try {
    source = readFileSync(path.join(dist, BOOT_FILE), 'utf8');
  } catch {
    return null;
  }
  // Text that would end the element early, or switch the parser's script states, stays a file.
  if (/<\/script|<!--/i.test(source)) return null;
  return { source, hash: `'sha256-${createHash('sha256').update(source, 'utf8').digest('base64')}'` };
}

/**
 * Each release's boot script, read once: a release folder never changes.
 * @returns {(dist: string | null) => BootScript | null}
 */
function bootScripts() {
  /** @type {Map<string, BootScript | null>} */
  const read = new Map();
  return (dist) => {
    if (!dist) return null;
    if (!read.has(dist)) read.set(dist, readBootScript(dist));
    return read.get(dist) ?? null;
  };
}

/**
 * The page with its boot script's tag replaced by the script itself, at the end of <body>: it ran
 * deferred, after the whole page was read, and the elements it reads (the signed-in reads, the
 * later hints, the first photo) are all before that point.
 * @param {string} html @param {BootScript | null} boot
 */
function withBootScriptInPage(html, boot) {
  if (!boot || !html.includes(BOOT_TAG)) return html;
  const page = html.replace(BOOT_TAG, '');
  const end = page.lastIndexOf('</body>');
  return end === -1 ? html : `${page.slice(0, end)}<script>${boot.source}</script>${page.slice(end)}`;
}

module.exports = { BOOT_TAG, bootScripts, readBootScript, withBootScriptInPage };
