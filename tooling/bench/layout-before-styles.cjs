// A style and layout of the page done before its stylesheets were all in: a browser waits for them,
// Chromium under Lighthouse sometimes does not (tooling/bench/README.md). The bare reference pages
// draw a few elements and cannot show it, so it inflates a page's ratio to them.

/**
 * @typedef {{ name?: string, ph?: string, pid?: number, tid?: number, ts?: number, dur?: number, args?: { frame?: string, elementCount?: number, beginData?: { frame?: string, url?: string, totalObjects?: number } } }} TraceEvent
 */

const LAYOUT_WORK = new Set(['UpdateLayoutTree', 'Layout']);

/**
 * The ms of style and layout the page's frame did before its last render-blocking stylesheet was
 * parsed (the last one parsed before the first contentful paint), times `slowdown` (Lighthouse's
 * CPU multiplier, as its own figures are). 0 when the trace has no such stylesheet or paint.
 * @param {TraceEvent[]} events  a Lighthouse trace's traceEvents
 * @param {number} slowdown
 */
function layoutBeforeStylesMs(events, slowdown) {
  // The page's frame is the one whose document the HTML parser read from the site.
  const parse = events.find((event) => event.name === 'ParseHTML' && /^https?:/.test(String(event.args?.beginData?.url ?? '')));
  if (!parse) return 0;
  const frame = parse.args?.beginData?.frame;
  const onPageThread = (/** @type {TraceEvent} */ event) => event.pid === parse.pid && event.tid === parse.tid;
  const firstPaint = events.find((event) => event.name === 'firstContentfulPaint' && event.args?.frame === frame);
  if (!firstPaint?.ts) return 0;
  const paintedAt = firstPaint.ts;
  const stylesIn = events
    .filter((event) => event.name === 'ParseAuthorStyleSheet' && onPageThread(event) && (event.ts ?? Infinity) < paintedAt)
    .reduce((latest, event) => Math.max(latest, event.ts ?? 0), -Infinity);
  if (stylesIn === -Infinity) return 0;
  const early = events.filter(
    (event) =>
      event.ph === 'X' &&
      LAYOUT_WORK.has(event.name ?? '') &&
      onPageThread(event) &&
      (event.ts ?? Infinity) < stylesIn &&
      // The page's own document, not an SVG image's; and some of it: the empty document a navigation
      // starts with is laid out once in every run (the view alone, nothing restyled).
      event.args?.beginData?.frame === frame &&
      (event.name === 'Layout' ? (event.args?.beginData?.totalObjects ?? 0) > 1 : (event.args?.elementCount ?? 0) > 0),
  );
  const total = early.reduce((sum, event) => sum + (event.dur ?? 0), 0);
  return Math.round((total / 1000) * slowdown);
}

module.exports = { layoutBeforeStylesMs };
