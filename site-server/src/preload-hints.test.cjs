const { mkdtempSync, writeFileSync } = require('node:fs');
const { tmpdir } = require('node:os');
const path = require('node:path');
const { createManifestFiles, createPreloadHints, routeMatches } = require('./preload-hints.cjs');
const { createStaticServer, listen } = require('./static-server.cjs');
const { fakeFetch, originOf } = require('./testing/site-fixtures.cjs');

const remotesFile = () => ({
  remotes: [
    {
      name: 'mfe_menus',
      manifest: 'http://menus.test/mf-manifest.json',
      routes: ['/unlimited', '/promos'],
      routeData: { '/unlimited': ['/api/inventory/menu/unlimited'] },
    },
    { name: 'mfe_staff', manifest: 'http://staff.test/mf-manifest.json', routes: ['/staff', '/staff/reservations/:id'] },
  ],
});

const manifest = {
  metaData: { remoteEntry: { name: 'remoteEntry.js', path: '' } },
  exposes: [
    { assets: { js: { sync: ['__federation_expose_pages.1a2b3c4d.js'], async: ['9.aaaaaaaa.js'] }, css: { sync: ['style.5e6f7a8b.css'], async: ['style.9c0d1e2f.css'] } } },
  ],
};

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('routeMatches', () => {
  it('matches whole paths and :params, not prefixes', () => {
    expect(routeMatches('/unlimited', '/unlimited')).toBe(true);
    expect(routeMatches('/unlimited', '/unlimited/')).toBe(true);
    expect(routeMatches('/unlimited', '/unlimited-more')).toBe(false);
    expect(routeMatches('/staff/reservations/:id', '/staff/reservations/12')).toBe(true);
    expect(routeMatches('/staff/reservations/:id', '/staff/reservations')).toBe(false);
  });
});

describe('preload hints of a page', () => {
  it("asks for the remote manifest, its entry and exposed module, the module's stylesheet, and the data of the route", async () => {
    const { fetchImpl } = fakeFetch({ 'http://menus.test/mf-manifest.json': manifest });
    const manifests = createManifestFiles(fetchImpl);
    const hints = createPreloadHints({ remotesFile, apiOrigin: 'http://api.test', manifests });
    await settle(); // the manifests are read in the background as the server starts
    const links = hints('/unlimited').split(', ');
    expect(links).toEqual([
      '</env.json>; rel=preload; as=fetch; crossorigin',
      '</remotes.json>; rel=preload; as=fetch; crossorigin',
      '<http://menus.test/mf-manifest.json>; rel=preload; as=fetch; crossorigin',
      '<http://menus.test/remoteEntry.js>; rel=preload; as=script',
      '<http://menus.test/__federation_expose_pages.1a2b3c4d.js>; rel=preload; as=script',
      '<http://menus.test/style.5e6f7a8b.css>; rel=preload; as=style',
      '<http://api.test/api/inventory/menu/unlimited>; rel=preload; as=fetch; crossorigin',
    ]);
    // Another page of the same remote reads no data as it opens.
    expect(hints('/promos')).not.toContain('api.test');
  });

  it("adds the page's own chunks and stylesheet when the remote's build lists them, and nothing that is not one of its files", async () => {
    const { fetchImpl } = fakeFetch({
      'http://menus.test/mf-manifest.json': manifest,
      'http://menus.test/page-files.json': {
        pages: {
          '/unlimited': ['12.abcdef01.js', 'style.0a1b2c3d.css', 'https://elsewhere.test/x.js', '../up.js', 42],
          '/promos': 'not a list',
        },
      },
    });
    const hints = createPreloadHints({ remotesFile, apiOrigin: 'http://api.test', manifests: createManifestFiles(fetchImpl) });
    await settle();
    // Not in the header, read before the HTML: they would share a slow link with the page's stylesheet before it paints.
    expect(hints('/unlimited')).not.toContain('12.abcdef01.js');
    // Kept in the page for the boot script, which sends them with main.js ...
    expect(hints.pageFiles('/unlimited')).toBe(
      '<link rel="preload" href="http://menus.test/12.abcdef01.js" as="script"><link rel="preload" href="http://menus.test/style.0a1b2c3d.css" as="style">',
    );
    // ... and among every hint a page with a first screen keeps until its app starts.
    expect(hints.elements('/unlimited')).toContain('<link rel="preload" href="http://menus.test/12.abcdef01.js" as="script">');
    expect(hints.pageFiles('/promos')).toBe('');
  });

  it('writes the same hints as <link> elements, for a page that keeps them until its app starts', async () => {
    const { fetchImpl } = fakeFetch({ 'http://menus.test/mf-manifest.json': manifest });
    const hints = createPreloadHints({ remotesFile, apiOrigin: 'http://api.test', manifests: createManifestFiles(fetchImpl) });
    await settle();
    expect(hints.elements('/unlimited')).toBe(
      '<link rel="preload" href="/env.json" as="fetch" crossorigin>' +
        '<link rel="preload" href="/remotes.json" as="fetch" crossorigin>' +
        '<link rel="preload" href="http://menus.test/mf-manifest.json" as="fetch" crossorigin>' +
        '<link rel="preload" href="http://menus.test/remoteEntry.js" as="script">' +
        '<link rel="preload" href="http://menus.test/__federation_expose_pages.1a2b3c4d.js" as="script">' +
        '<link rel="preload" href="http://menus.test/style.5e6f7a8b.css" as="style">' +
        '<link rel="preload" href="http://api.test/api/inventory/menu/unlimited" as="fetch" crossorigin>',
    );
    // A first screen links its stylesheet in <head> already: no second element for it.
    const withScreen = hints.elements('/unlimited', ['http://menus.test/style.5e6f7a8b.css']);
    expect(withScreen).not.toContain('style.5e6f7a8b.css');
    expect(withScreen).toContain('<link rel="preload" href="http://menus.test/remoteEntry.js" as="script">');
  });

  it('gives a page of the shell only the two runtime files', () => {
    const hints = createPreloadHints({ remotesFile, apiOrigin: 'http://api.test', manifests: createManifestFiles(fakeFetch({}).fetchImpl) });
    expect(hints('/privacy')).toBe('</env.json>; rel=preload; as=fetch; crossorigin, </remotes.json>; rel=preload; as=fetch; crossorigin');
  });

  it('hints only the manifest of a remote that is down, and looks again later without holding the page', async () => {
    const { fetchImpl, asked } = fakeFetch({});
    const manifests = createManifestFiles(fetchImpl);
    const hints = createPreloadHints({ remotesFile, apiOrigin: 'http://api.test', manifests });
    await settle();
    const links = hints('/staff/reservations/7');
    expect(links).toContain('<http://staff.test/mf-manifest.json>; rel=preload; as=fetch; crossorigin');
    expect(links).not.toContain('remoteEntry');
    expect(asked.filter((url) => url === 'http://staff.test/mf-manifest.json')).toHaveLength(1);
  });
});

describe('the static server', () => {
  /** @type {import('node:http').Server} */
  let server;
  /** @type {string} */
  let origin;
  beforeAll(async () => {
    const root = mkdtempSync(path.join(tmpdir(), 'preload-hints-'));
    writeFileSync(path.join(root, 'index.html'), '<!doctype html><title>home</title>');
    writeFileSync(path.join(root, 'app.html'), '<!doctype html><title>app</title>');
    writeFileSync(path.join(root, 'main.js'), 'console.log(1)');
    server = createStaticServer({ root, spa: true, pageLinks: (pathname) => `<${pathname}.data>; rel=preload; as=fetch; crossorigin` });
    await listen(server, 0);
    origin = originOf(server);
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  it('sends the Link header with every page, for that page', async () => {
    const page = await fetch(`${origin}/unlimited`);
    expect(page.status).toBe(200);
    expect(page.headers.get('link')).toBe('</unlimited.data>; rel=preload; as=fetch; crossorigin');
    expect((await fetch(`${origin}/`)).headers.get('link')).toBe('</.data>; rel=preload; as=fetch; crossorigin');
  });

  it('sends none with scripts', async () => {
    const script = await fetch(`${origin}/main.js`);
    expect(script.status).toBe(200);
    expect(script.headers.get('link')).toBeNull();
  });
});
