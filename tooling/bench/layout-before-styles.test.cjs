const { layoutBeforeStylesMs } = require('./layout-before-styles.cjs');

const PAGE = { pid: 1, tid: 1 };
const FRAME = 'F1';
/**
 * A trace shaped as Lighthouse records one: times in µs, the page's frame named as Chromium names it.
 * @param {import('./layout-before-styles.cjs').TraceEvent[]} extra
 */
function trace(...extra) {
  return [
    { ...PAGE, name: 'ParseHTML', ph: 'X', ts: 900, dur: 10, args: { beginData: { frame: FRAME, url: '' } } },
    { ...PAGE, name: 'ParseHTML', ph: 'X', ts: 1_000, dur: 500, args: { beginData: { frame: FRAME, url: 'https://127.0.0.1:3243/feedback' } } },
    // The blank document every navigation starts from, laid out once: the view alone.
    { ...PAGE, name: 'Layout', ph: 'X', ts: 950, dur: 2_000, args: { beginData: { frame: FRAME, totalObjects: 1 } } },
    { ...PAGE, name: 'ParseAuthorStyleSheet', ph: 'X', ts: 20_000, dur: 200, args: {} },
    { ...PAGE, name: 'ParseAuthorStyleSheet', ph: 'X', ts: 25_000, dur: 200, args: {} },
    { ...PAGE, name: 'UpdateLayoutTree', ph: 'X', ts: 26_000, dur: 4_000, args: { beginData: { frame: FRAME }, elementCount: 140 } },
    { ...PAGE, name: 'Layout', ph: 'X', ts: 30_000, dur: 8_000, args: { beginData: { frame: FRAME, totalObjects: 150 } } },
    { ...PAGE, name: 'firstContentfulPaint', ph: 'R', ts: 40_000, args: { frame: FRAME } },
    ...extra,
  ];
}

describe('layoutBeforeStylesMs', () => {
  it('is 0 for a page laid out once its stylesheets are in', () => {
    expect(layoutBeforeStylesMs(trace(), 4)).toBe(0);
  });

  it("counts a style and layout of the page's document done before its last stylesheet, at the CPU multiplier", () => {
    const early = [
      { ...PAGE, name: 'UpdateLayoutTree', ph: 'X', ts: 18_000, dur: 1_500, args: { beginData: { frame: FRAME }, elementCount: 157 } },
      { ...PAGE, name: 'Layout', ph: 'X', ts: 19_600, dur: 10_000, args: { beginData: { frame: FRAME, totalObjects: 235 } } },
    ];
    expect(layoutBeforeStylesMs(trace(...early), 4)).toBe(46);
    expect(layoutBeforeStylesMs(trace(...early), 1)).toBe(12);
  });

  it('leaves out what is not the page: an SVG image laid out in its own frame, another thread, a stylesheet added after the first paint', () => {
    const notThePage = [
      { ...PAGE, name: 'Layout', ph: 'X', ts: 15_000, dur: 6_000, args: { beginData: { frame: 'IMAGE', totalObjects: 20 } } },
      { pid: 2, tid: 7, name: 'Layout', ph: 'X', ts: 15_000, dur: 6_000, args: { beginData: { frame: FRAME, totalObjects: 200 } } },
      // The app's stylesheet for a later screen: the layouts before it were styled.
      { ...PAGE, name: 'ParseAuthorStyleSheet', ph: 'X', ts: 90_000, dur: 200, args: {} },
    ];
    expect(layoutBeforeStylesMs(trace(...notThePage), 4)).toBe(0);
  });

  it('is 0 for a trace it cannot read: no page, no first paint, no stylesheet', () => {
    expect(layoutBeforeStylesMs([], 4)).toBe(0);
    expect(
      layoutBeforeStylesMs(
        trace().filter((event) => event.name !== 'firstContentfulPaint'),
        4,
      ),
    ).toBe(0);
    expect(
      layoutBeforeStylesMs(
        trace().filter((event) => event.name !== 'ParseAuthorStyleSheet'),
        4,
      ),
    ).toBe(0);
  });
});
