const { mkdtempSync, mkdirSync, writeFileSync } = require('node:fs');
const { tmpdir } = require('node:os');
const path = require('node:path');
const { createLiveFirstScreens } = require('./live-first-screens.cjs');

const built = {
  assetOrigin: 'https://remote-assets.invalid/',
  routes: {
    '/unlimited': { html: '<section><h1>Unlimited Menu</h1><p role="status">Loading the unlimited menu...</p></section>', styles: ['1.css'] },
    '/promos': { html: '<section><h1>Promos</h1></section>', styles: ['1.css'] },
  },
};
/** @type {ReturnType<typeof createLiveFirstScreens>} the drawing a test started */
let live = null;

const routeData = { '/unlimited': ['/api/inventory/menu/unlimited'] };
const menu = { success: true, data: [{ name: 'Set A Pork' }] };

function remoteFolder() {
  const folder = mkdtempSync(path.join(tmpdir(), 'first-screens-'));
  mkdirSync(path.join(folder, 'dist'));
  writeFileSync(path.join(folder, 'dist', 'first-screens.json'), JSON.stringify(built));
  return folder;
}

/** @typedef {{ success: boolean, data: Array<{ name: string }> }} MenuAnswer */

/** @param {string} route @param {Record<string, unknown>} answers */
const render = async (route, answers) =>
  `<section><h1>Unlimited Menu</h1><ul>${/** @type {MenuAnswer} */ (answers['/api/inventory/menu/unlimited']).data.map((item) => `<li>${item.name}</li>`).join('')}</ul></section>`;

/**
 * A fake API that answers like the real one: an ETag per answer, 304 to a request that names the current one.
 * @param {() => MenuAnswer | Error} answer  what it answers now (an Error: it cannot be reached)
 */
function api(answer) {
  /** @type {string[]} */
  const asked = [];
  /** @type {typeof fetch} */
  const fetchImpl = async (url, init = {}) => {
    asked.push(String(url));
    const now = answer();
    if (now instanceof Error) throw now;
    const body = JSON.stringify(now);
    const etag = `"${Buffer.from(body).toString('base64url').slice(-16)}"`;
    if (new Headers(init.headers).get('If-None-Match') === etag) return new Response(null, { status: 304, headers: { etag } });
    return new Response(body, { status: 200, headers: { etag, 'content-type': 'application/json' } });
  };
  return { asked, fetchImpl };
}

/**
 * First screens that must be drawn (a remote with data routes), stopped after the test.
 * @param {Parameters<typeof createLiveFirstScreens>[0]} options
 */
function drawing(options) {
  const started = createLiveFirstScreens(options);
  if (!started) throw new Error('this remote has no first screens to draw with data');
  live = started;
  return started;
}

describe('first screens drawn with their data on the remote server', () => {
  afterEach(() => live?.stop());

  it('draws a route that reads API data with that data; routes without data keep the build', async () => {
    const { fetchImpl, asked } = api(() => menu);
    const live = drawing({ folder: remoteFolder(), routeData, apiOrigin: 'http://api.test', fetchImpl, render });
    await live.redraw();
    expect(asked).toContain('http://api.test/api/inventory/menu/unlimited');
    const file = live.documents()['/first-screens.json'];
    if (!file) throw new Error('nothing drawn with data');
    expect(file.routes['/unlimited']).toEqual({ html: '<section><h1>Unlimited Menu</h1><ul><li>Set A Pork</li></ul></section>', styles: ['1.css'] });
    expect(file.routes['/promos']).toEqual(built.routes['/promos']);
    expect(file.assetOrigin).toBe(built.assetOrigin);
  });

  it('draws again only when an answer changed, with the API asked by ETag', async () => {
    /** @type {MenuAnswer} */
    let current = menu;
    const { fetchImpl } = api(() => current);
    /** @type {unknown[]} */
    const rendered = [];
    const live = drawing({
      folder: remoteFolder(),
      routeData,
      apiOrigin: 'http://api.test',
      fetchImpl,
      render: async (route, answers, options) => {
        rendered.push(options);
        return render(route, answers);
      },
    });
    await live.redraw();
    await live.redraw();
    expect(rendered).toEqual([{ apiBaseUrl: 'http://api.test' }]);
    current = { success: true, data: [{ name: 'Set A Pork' }, { name: 'Set E Seafood' }] };
    await live.redraw();
    expect(rendered).toHaveLength(2);
    expect(live.documents()['/first-screens.json']?.routes['/unlimited'].html).toContain('Set E Seafood');
  });

  it('falls back to the build when the API stops answering, and draws again when it is back', async () => {
    /** @type {() => MenuAnswer | Error} */
    let answer = () => menu;
    const { fetchImpl } = api(() => answer());
    const live = drawing({ folder: remoteFolder(), routeData, apiOrigin: 'http://api.test', fetchImpl, render });
    await live.redraw();
    answer = () => new Error('connection refused');
    await live.redraw();
    expect(live.documents()).toEqual({}); // the static dist/first-screens.json is served
    answer = () => menu;
    await live.redraw();
    expect(live.documents()['/first-screens.json']?.routes['/unlimited'].html).toContain('Set A Pork');
  });

  it('keeps the build for a page that cannot be drawn as a first screen with its data', async () => {
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { fetchImpl } = api(() => menu);
    const withButton = async () => '<section><h1>Unlimited Menu</h1><button>Add</button></section>';
    const live = drawing({ folder: remoteFolder(), routeData, apiOrigin: 'http://api.test', fetchImpl, render: withButton });
    await live.redraw();
    expect(live.documents()).toEqual({});
    expect(console.warn).toHaveBeenCalledWith(expect.stringContaining('/unlimited stays without data'));
  });

  it('does nothing for a remote without first screens or without data routes', () => {
    const empty = mkdtempSync(path.join(tmpdir(), 'first-screens-'));
    expect(createLiveFirstScreens({ folder: empty, routeData, apiOrigin: 'http://api.test', render })).toBeNull();
    expect(createLiveFirstScreens({ folder: remoteFolder(), routeData: {}, apiOrigin: 'http://api.test', render })).toBeNull();
  });
});
