// The site as a crawler or a link preview fetches it: plain HTTP, no scripts.
const { mkdtempSync } = require('node:fs');
const { tmpdir } = require('node:os');
const path = require('node:path');
const { closeServer, loadSiteSettings, registry, startRemoteServer, startShellServer } = require('./index.cjs');
const { eventually, originOf, writeRelease } = require('./testing/site-fixtures.cjs');
const { pageHeadTags, withPageHead } = require('./page-head.cjs');

const { emptyRegistry, pointTo, writeRegistry } = registry;
const SITE_URL = 'https://samgyup.example';
const PAGE = '<html><head><meta charset="utf-8"><meta name="description" content="built"><title>Samgyup Plaridel</title></head><body><main id="main-content"></main></body></html>';

const shellRelease = {
  name: 'shell',
  version: '1.0.0-a',
  siteName: 'Samgyup Plaridel',
  shareCard: 'share-card.0123abcd.jpg',
  appleTouchIcon: 'apple-touch-icon.0123abcd.png',
  pages: {
    '/': { title: 'Samgyup Plaridel · Unlimited Korean barbecue', description: 'Home of unlimited samgyupsal.', index: true },
    '/terms': { title: 'Terms & Conditions', description: 'The house rules.', index: true },
    '/login': { title: 'Log in', index: false },
  },
};
const menusPages = {
  '/unlimited': { title: 'Unlimited Menu', description: 'Eat all you can.', index: true },
  '/promos': { title: 'Promos', description: 'Deals "for groups" <now>.', index: true },
};

describe('pages as crawlers and link previews see them', () => {
  /** @type {string} */
  let releasesDir;
  /** @type {import('./release-registry.cjs').Registry} */
  let document;
  /** @type {string} */
  let shellOrigin;
  /** @type {string} */
  let remoteOrigin;
  /** @type {import('node:http').Server[]} */
  const servers = [];
  const page = async (/** @type {string} */ pathname) => {
    const answer = await fetch(`${shellOrigin}${pathname}`);
    return { status: answer.status, headers: answer.headers, html: await answer.text() };
  };

  beforeAll(async () => {
    releasesDir = mkdtempSync(path.join(tmpdir(), 'page-heads-'));
    const settings = loadSiteSettings({ RELEASES_DIR: releasesDir, SITE_URL: `${SITE_URL}/` });
    writeRelease(releasesDir, 'shell', '1.0.0-a', { 'app.html': PAGE, 'index.html': PAGE });
    const meta = {
      description: 'Samgyupsal Set A and Beef Set. Eat all you can.',
      image: '/api/photos/abc/share-card.jpg',
      structuredData: [{ '@context': 'https://schema.org', '@type': 'Menu', name: 'Unlimited </script><script>alert(1)</script>' }],
    };
    writeRelease(releasesDir, 'mfe_menus', '2.0.0-abc', {
      'mf-manifest.json': '{}',
      'first-screens.json': JSON.stringify({ routes: { '/unlimited': { html: '<h1>Unlimited Menu</h1>', styles: [], meta } } }),
    });
    const registryWatch = registry.watchRegistry(releasesDir, { intervalMs: 0 });
    document = pointTo(emptyRegistry(), 'shell', shellRelease, 'release');
    writeRegistry(releasesDir, document);
    servers.push(await startShellServer(settings, { registry: registryWatch, port: 0 }));
    servers.push(await startRemoteServer(settings, 'mfe_menus', { registry: registryWatch, port: 0 }));
    shellOrigin = originOf(servers[0]);
    remoteOrigin = originOf(servers[1]);
    const menus = {
      name: 'mfe_menus',
      label: 'Menus',
      version: '2.0.0-abc',
      manifest: `${remoteOrigin}/2.0.0-abc/mf-manifest.json`,
      routes: ['/unlimited', '/promos'],
      pages: menusPages,
    };
    document = pointTo(document, 'mfe_menus', menus, 'release');
    writeRegistry(releasesDir, document);
  });
  afterAll(() => Promise.all(servers.map(closeServer)));

  it("give each page its own title, description and canonical address, from its part's release", async () => {
    const terms = await page('/terms?utm_source=fb');
    expect(terms.status).toBe(200);
    expect(terms.html).toContain('<title>Terms &amp; Conditions · Samgyup Plaridel</title>');
    expect(terms.html).toContain('<meta name="description" content="The house rules.">');
    expect(terms.html).toContain(`<link rel="canonical" href="${SITE_URL}/terms">`);
    expect(terms.html).not.toContain('utm_source');
    const promos = await page('/promos');
    expect(promos.html).toContain('<title>Promos · Samgyup Plaridel</title>');
    expect(promos.html).toContain('content="Deals &quot;for groups&quot; &lt;now>."');
    expect(promos.html.match(/<title>/g)).toHaveLength(1);
    expect(promos.html.match(/<meta name="description"/g)).toHaveLength(1);
  });

  it('carry a link-preview card: Open Graph and Twitter tags with an absolute picture', async () => {
    const { html } = await page('/terms');
    expect(html).toContain('<meta property="og:title" content="Terms &amp; Conditions · Samgyup Plaridel">');
    expect(html).toContain(`<meta property="og:url" content="${SITE_URL}/terms">`);
    expect(html).toContain(`<meta property="og:image" content="${SITE_URL}/share-card.0123abcd.jpg">`);
    expect(html).toContain('<meta property="og:image:width" content="1200">');
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image">');
    expect(html).toContain('<link rel="manifest" href="/manifest.webmanifest">');
    expect(html).toContain('<link rel="apple-touch-icon" href="/apple-touch-icon.0123abcd.png">');
  });

  it("say what a page's live data holds (its items, its own photo, structured data), escaped so it cannot end the script", async () => {
    // The menu's first screens are read in the background.
    const html = await eventually(
      async () => (await page('/unlimited')).html,
      (text) => text.includes('Beef Set'),
      "the menu's first screen in /unlimited",
      5000,
    );
    expect(html).toContain('<meta name="description" content="Samgyupsal Set A and Beef Set. Eat all you can.">');
    expect(html).toContain('<meta property="og:image" content="http://127.0.0.1:4000/api/photos/abc/share-card.jpg">');
    const [, json] = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html) ?? [];
    expect(JSON.parse(json)).toMatchObject({ '@type': 'Menu', name: 'Unlimited </script><script>alert(1)</script>' });
    expect(json).not.toContain('</script>');
  });

  it('keep private pages and the staff console out of search', async () => {
    const login = await page('/login');
    expect(login.headers.get('x-robots-tag')).toBe('noindex');
    expect(login.html).toContain('<meta name="robots" content="noindex">');
    expect(login.html).not.toContain('og:image');
    expect((await page('/terms')).headers.get('x-robots-tag')).toBeNull();
  });

  it("answer 404, with the site's page, for an address no part serves", async () => {
    const missing = await page('/no-such-page');
    expect(missing.status).toBe(404);
    expect(missing.html).toContain('<title>Page not found · Samgyup Plaridel</title>');
    expect(missing.headers.get('x-robots-tag')).toBe('noindex');
    expect((await page('/unlimited/')).status).toBe(200);
  });

  it('write robots.txt and a sitemap of the public pages, which follows a release of a remote', async () => {
    const robots = await (await fetch(`${shellOrigin}/robots.txt`)).text();
    expect(robots).toBe(`User-agent: *\nDisallow: /staff\n\nSitemap: ${SITE_URL}/sitemap.xml\n`);
    const sitemap = async () => (await fetch(`${shellOrigin}/sitemap.xml`)).text();
    const locations = (/** @type {string} */ xml) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]);
    expect(locations(await sitemap())).toEqual([`${SITE_URL}/`, `${SITE_URL}/terms`, `${SITE_URL}/unlimited`, `${SITE_URL}/promos`]);
    expect((await fetch(`${shellOrigin}/sitemap.xml`)).headers.get('content-type')).toBe('application/xml; charset=utf-8');

    // The menus team releases a new public page (and a private one): no shell release needed.
    const newer = {
      name: 'mfe_menus',
      label: 'Menus',
      version: '2.1.0-def',
      manifest: `${remoteOrigin}/2.0.0-abc/mf-manifest.json`,
      routes: ['/unlimited', '/promos', '/drinks', '/menu-draft'],
      pages: { ...menusPages, '/drinks': { title: 'Drinks', description: 'Soju and more.', index: true }, '/menu-draft': { title: 'Draft', index: false } },
    };
    writeRegistry(releasesDir, pointTo(document, 'mfe_menus', newer, 'release'));
    await eventually(sitemap, (xml) => xml.includes('/drinks'), 'the sitemap to follow the release');
    expect(locations(await sitemap())).toEqual([`${SITE_URL}/`, `${SITE_URL}/terms`, `${SITE_URL}/unlimited`, `${SITE_URL}/promos`, `${SITE_URL}/drinks`]);
    expect((await page('/drinks')).html).toContain('<title>Drinks · Samgyup Plaridel</title>');
    const remotes = /** @type {{ remotes: Array<{ titles?: Record<string, string> }> }} */ (await (await fetch(`${shellOrigin}/remotes.json`)).json());
    expect(remotes.remotes[0].titles).toMatchObject({ '/drinks': 'Drinks' });
  });
});

describe('a page head', () => {
  it('names the staff manifest on console pages and leaves a page without meta unindexed', () => {
    const head = pageHeadTags({
      siteName: 'Samgyup Plaridel',
      siteUrl: SITE_URL,
      path: '/staff',
      meta: { title: 'Dashboard · Staff', index: false },
      manifest: '/staff.webmanifest',
    });
    expect(head.tags).toContain('<link rel="manifest" href="/staff.webmanifest">');
    expect(head.tags).toContain('noindex');
    expect(withPageHead(PAGE, head)).toContain('<title>Dashboard · Staff · Samgyup Plaridel</title>');
  });
});
