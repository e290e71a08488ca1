// What the remotes' first-screen renders (at build, and live on the remote's
// server) and the shell's server agree on about first screens.

/** Asset URLs in a first screen start with this; the shell's server puts the remote's origin in its place. */
const ASSET_ORIGIN = 'https://remote-assets.invalid/';

/** The one script a first screen may carry: its API answers, as JSON (never run). */
const ANSWERS_BLOCK = /<script type="application\/json" data-api-answers>[^<]*<\/script>/g;

/** A first screen's markup without its API answers block. */
const withoutAnswers = (/** @type {string} */ html) => html.replace(ANSWERS_BLOCK, '');

/**
 * Throws when a rendered first screen is not plain markup the shell can send.
 * @param {string} route
 * @param {string} html
 */
function checkFirstScreen(route, html) {
  const markup = withoutAnswers(html);
  if (!markup.trim()) throw new Error(`${route} rendered nothing`);
  if (/<script/i.test(markup)) throw new Error(`${route} rendered a script; first screens are markup only`);
  if (/\sstyle="/i.test(markup)) throw new Error(`${route} rendered a style attribute, which the pages' Content-Security-Policy blocks`);
  // A control works only once the page's script runs, and what is typed into it
  // before then would be lost: such pages show their loading status instead. A
  // disabled one takes nothing and says it is not ready; the live page enables it.
  // A form is sent only through a control, so one whose controls are all disabled cannot be sent early.
  for (const control of markup.matchAll(/<(input|button|select|textarea)\b[^>]*>/gi)) {
    if (/\sdisabled(?:=""|(?=[\s/>]))/i.test(control[0])) continue;
    throw new Error(`${route} rendered a <${control[1]}>; a first screen shows no controls but disabled ones (wrap them in ClientOnly or drop the route)`);
  }
}

module.exports = { ASSET_ORIGIN, checkFirstScreen, withoutAnswers };
