const { createLiveShellScreens } = require('./live-shell-screens.cjs');

const builtHome =
  '<html><head></head><body><div id="root"><main>Opened 9:00 pm</main><footer class="site-footer"><p>+63 917 555 0142</p></footer></div><noscript>JS</noscript></body></html>';
const builtPage =
  '<html><head></head><body><div id="root"><main id="main-content"></main><footer class="site-footer"><p>+63 917 555 0142</p></footer><p class="page-stalled"></p></div><noscript>JS</noscript></body></html>';

// Like the shell's renderer, each drawing reads its answers from one store, which the next drawing replaces.
/** @typedef {{ success: boolean, data: { contact: { phone: string }, opening_text: string } }} SettingsAnswer */
/** @typedef {Record<string, SettingsAnswer>} Answers */

/** @type {Answers | null} */
let store = null;
/** @param {object} answers @param {(seen: Answers) => string} draw */
const drawWith = async (answers, draw) => {
  store = /** @type {Answers} */ (answers);
  await new Promise((resolve) => setTimeout(resolve, 5));
  const html = draw(/** @type {Answers} */ (store));
  store = null;
  return html;
};
/** @type {import('./live-shell-screens.cjs').ShellRenderer} */
const renderer = {
  renderHomePage: (answers) => drawWith(answers, (seen) => `<link rel="preload" href="/hero.svg"><main>${seen['/api/restaurant-settings'].data.opening_text}</main>`),
  renderFooter: (answers) => drawWith(answers, (seen) => `<footer class="site-footer"><p>${seen['/api/restaurant-settings'].data.contact.phone}</p></footer>`),
};

/**
 * @param {() => SettingsAnswer | Error} answer  what the API answers now (an Error: it cannot be reached)
 * @returns {typeof fetch}
 */
function api(answer) {
  return async () => {
    const now = answer();
    if (now instanceof Error) throw now;
    return Response.json(now);
  };
}
/** @param {string} phone @param {string} opening @returns {SettingsAnswer} */
const settings = (phone, opening) => ({ success: true, data: { contact: { phone }, opening_text: opening } });

describe("the shell's pages drawn with the owner's settings", () => {
  /** @type {ReturnType<typeof createLiveShellScreens>} */
  let live;
  afterEach(() => live?.stop());

  it('puts the live footer on every page and the live home page on /', async () => {
    live = createLiveShellScreens({ folder: () => '/releases/shell/1', apiOrigin: 'http://api.test', fetchImpl: api(() => settings('0999 000 1111', 'Opened 5:00 pm')), renderer });
    await live.redraw();
    expect(live.page('/unlimited', builtPage)).toBe(builtPage.replace('+63 917 555 0142', '0999 000 1111'));
    expect(live.page('/', builtHome)).toBe('<html><head></head><body><div id="root"><main>Opened 5:00 pm</main></div><noscript>JS</noscript></body></html>');
  });

  it('keeps the build when the API cannot be reached, and for another shell release than the one drawn', async () => {
    /** @type {() => SettingsAnswer | Error} */
    let answer = () => new TypeError('fetch failed');
    let shell = '/releases/shell/1';
    live = createLiveShellScreens({ folder: () => shell, apiOrigin: 'http://api.test', fetchImpl: api(() => answer()), renderer });
    await live.redraw();
    expect(live.page('/unlimited', builtPage)).toBe(builtPage);
    answer = () => settings('0999 000 1111', 'Opened 5:00 pm');
    await live.redraw();
    expect(live.page('/unlimited', builtPage)).toContain('0999 000 1111');
    shell = '/releases/shell/2';
    expect(live.page('/unlimited', builtPage)).toBe(builtPage);
  });
});

describe("a page's layout drawn for its address", () => {
  /** @type {ReturnType<typeof createLiveShellScreens>} */
  let live;
  afterEach(() => live?.stop());

  /** @type {string[]} */
  let drawnAt;
  /** @type {import('./live-shell-screens.cjs').ShellRenderer} */
  const withLayouts = {
    ...renderer,
    renderLayoutAt: (address, answers) => {
      drawnAt.push(address);
      return drawWith(
        answers,
        (seen) =>
          `<a href="/login?redirect=${encodeURIComponent(address)}">Log in</a><main id="main-content"></main><footer class="site-footer"><p>${seen['/api/restaurant-settings'].data.contact.phone}</p></footer>`,
      );
    },
  };
  beforeEach(() => (drawnAt = []));
  /** Pages drawn by `shellRenderer` for shell release 1, the API answering with the settings. @param {import('./live-shell-screens.cjs').ShellRenderer} shellRenderer */
  const withSettingsRead = (shellRenderer) =>
    createLiveShellScreens({
      folder: () => '/releases/shell/1',
      apiOrigin: 'http://api.test',
      fetchImpl: api(() => settings('0999 000 1111', 'Opened 5:00 pm')),
      renderer: shellRenderer,
    });

  it('has the live settings, says which address it was drawn for, and is drawn once per address until the settings are read again', async () => {
    live = withSettingsRead(withLayouts);
    await live.redraw();
    const address = '/feedback?from="chat"&x=<1>';
    const layout =
      '<a href="/login?redirect=%2Ffeedback%3Ffrom%3D%22chat%22%26x%3D%3C1%3E">Log in</a><main id="main-content"></main><footer class="site-footer"><p>0999 000 1111</p></footer>';
    expect(await live.pageDrawnFor(address, builtPage)).toBe(
      `<html><head></head><body><div id="root" data-drawn-for="/feedback?from=&quot;chat&quot;&amp;x=&lt;1>">${layout}<p class="page-stalled"></p></div><noscript>JS</noscript></body></html>`,
    );
    await live.pageDrawnFor(address, builtPage);
    expect(drawnAt).toEqual([address]);
    await live.redraw();
    await live.pageDrawnFor(address, builtPage);
    expect(drawnAt).toEqual([address, address]);
  });

  it('is drawn one address at a time, as the renderer keeps one drawing’s answers at a time', async () => {
    live = withSettingsRead(withLayouts);
    await live.redraw();
    const pages = await Promise.all([live.pageDrawnFor('/feedback', builtPage), live.pageDrawnFor('/promos', builtPage), live.redraw()]);
    expect(pages.slice(0, 2).map((page) => page?.match(/data-drawn-for="([^"]*)"/)?.[1])).toEqual(['/feedback', '/promos']);
  });

  it('is not drawn before the settings are read, by a shell released before pages were drawn for their address, for another release, or into a page not shaped like app.html', async () => {
    /** @type {() => SettingsAnswer | Error} */
    let answer = () => new TypeError('fetch failed');
    let shell = '/releases/shell/1';
    live = createLiveShellScreens({ folder: () => shell, apiOrigin: 'http://api.test', fetchImpl: api(() => answer()), renderer: withLayouts });
    await live.redraw();
    expect(await live.pageDrawnFor('/feedback', builtPage)).toBeNull();
    answer = () => settings('0999 000 1111', 'Opened 5:00 pm');
    await live.redraw();
    expect(await live.pageDrawnFor('/feedback', builtHome)).toBeNull();
    shell = '/releases/shell/2';
    expect(await live.pageDrawnFor('/feedback', builtPage)).toBeNull();
    live.stop();

    live = withSettingsRead(renderer);
    await live.redraw();
    expect(await live.pageDrawnFor('/feedback', builtPage)).toBeNull();
  });

  it('leaves the page as built when the drawing fails, saying why once', async () => {
    const warned = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const failing = { ...renderer, renderLayoutAt: async () => Promise.reject(new Error('the layout broke')) };
    live = withSettingsRead(failing);
    await live.redraw();
    expect(await live.pageDrawnFor('/feedback', builtPage)).toBeNull();
    expect(await live.pageDrawnFor('/promos', builtPage)).toBeNull();
    expect(warned.mock.calls).toEqual([['The layout of /feedback stays as built: the layout broke']]);
    warned.mockRestore();
  });
});
