const { createFirstScreens, readFirstScreens, withFirstScreen } = require('./first-screen-pages.cjs');
const { ASSET_ORIGIN } = require('./first-screen-markup.cjs');
const { fakeFetch } = require('../testing/site-fixtures.cjs');

const remotesFile = () => ({
  remotes: [
    { name: 'mfe_reviews', manifest: 'http://reviews.test/mf-manifest.json', routes: ['/feedback', '/feedback-form'] },
    { name: 'mfe_staff', manifest: 'http://staff.test/mf-manifest.json', routes: ['/staff'] },
  ],
});

const reviewsScreens = {
  assetOrigin: ASSET_ORIGIN,
  routes: {
    '/feedback': {
      html: `<link rel="preload" as="image" href="${ASSET_ORIGIN}assets/hero.1a2b3c4d.svg"/><section><h1>Feedback</h1><img src="${ASSET_ORIGIN}assets/hero.1a2b3c4d.svg" alt=""/><p>Price: $1 & more</p></section>`,
      styles: ['845.056808d5.css'],
    },
  },
};

const appShell =
  '<!doctype html><html><head><link href="/main.css" rel="stylesheet"></head><body><div id="root"><header>Samgyup</header>' +
  '<main id="main-content" tabindex="-1"><div class="remote-status" role="status">Loading the page…</div></main><footer>Plaridel</footer></div></body></html>';

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('first screens from a remote', () => {
  it('puts asset URLs on the remote origin and moves preload hints out of the markup', () => {
    const screens = readFirstScreens(reviewsScreens, 'http://reviews.test/first-screens.json');
    expect(screens['/feedback']).toEqual({
      route: '/feedback',
      html: '<section><h1>Feedback</h1><img src="http://reviews.test/assets/hero.1a2b3c4d.svg" alt=""/><p>Price: $1 & more</p></section>',
      preloads: ['<link rel="preload" as="image" href="http://reviews.test/assets/hero.1a2b3c4d.svg"/>'],
      styles: ['http://reviews.test/845.056808d5.css'],
    });
  });

  it('sends a route its first screen inside the layout, with the stylesheets in <head>', async () => {
    const { fetchImpl, asked } = fakeFetch({ 'http://reviews.test/first-screens.json': reviewsScreens });
    const firstScreens = createFirstScreens({ remotesFile, fetchImpl });
    await settle(); // read in the background as the server starts
    expect(asked).toEqual(['http://reviews.test/first-screens.json', 'http://staff.test/first-screens.json']);

    const page = withFirstScreen(appShell, firstScreens('/feedback/'));
    expect(page).toContain('<main id="main-content" tabindex="-1"><div class="first-screen" data-first-screen="/feedback"><section><h1>Feedback</h1>');
    expect(page).toContain('<p>Price: $1 & more</p>'); // "$&" in the markup is text, not a replacement pattern
    expect(page).not.toContain('Loading the page…');
    expect(page).toContain(
      '<link rel="stylesheet" href="http://reviews.test/845.056808d5.css"><link rel="preload" as="image" href="http://reviews.test/assets/hero.1a2b3c4d.svg"/></head>',
    );
    expect(page).toContain('<footer>Plaridel</footer>');
  });

  it("keeps the app's preloads in a template for the boot script, so they go out once the first screen is up", async () => {
    const { fetchImpl } = fakeFetch({ 'http://reviews.test/first-screens.json': reviewsScreens });
    const firstScreens = createFirstScreens({ remotesFile, fetchImpl });
    await settle();
    const later = '<link rel="preload" href="/env.json" as="fetch" crossorigin>';
    const page = withFirstScreen(appShell, firstScreens('/feedback'), later);
    expect(page).toContain(`<footer>Plaridel</footer></div><template id="after-paint-preloads">${later}</template></body>`);
    // Without a first screen the page is left as it is; its hints travel in the Link header.
    expect(withFirstScreen(appShell, null, later)).toBe(appShell);
  });

  it('leaves the layout and its loading status for a route without a first screen, a shell route and a remote that is down', async () => {
    const { fetchImpl } = fakeFetch({ 'http://reviews.test/first-screens.json': reviewsScreens });
    const firstScreens = createFirstScreens({ remotesFile, fetchImpl });
    await settle();
    expect(firstScreens('/feedback-form')).toBeNull();
    expect(firstScreens('/login')).toBeNull();
    expect(firstScreens('/staff')).toBeNull(); // its server did not answer
    expect(withFirstScreen(appShell, null)).toBe(appShell);
  });

  it('ignores a broken file instead of failing the page', async () => {
    const { fetchImpl } = fakeFetch({ 'http://reviews.test/first-screens.json': { routes: { '/feedback': { html: 42 } } } });
    const firstScreens = createFirstScreens({ remotesFile, fetchImpl });
    await settle();
    expect(firstScreens('/feedback')).toBeNull();
  });
});
