const { createHash } = require('node:crypto');
const { mkdtempSync, readFileSync, writeFileSync } = require('node:fs');
const { tmpdir } = require('node:os');
const path = require('node:path');
const { closeServer, loadSiteSettings, registry, startRemoteServer, startShellServer } = require('./index.cjs');
const { eventually, originOf, writeRelease } = require('./testing/site-fixtures.cjs');

const { emptyRegistry, pointTo, readRegistry, startCanary, writeRegistry } = registry;

/** @typedef {ReturnType<typeof registry.remotesDocument>} RemotesJson */

describe('the site settings', () => {
  it('are checked once, with every problem listed', () => {
    expect(() => loadSiteSettings({ SHELL_PORT: 'seventy', API_URL: 'ftp://x', MFE_MENUS_PORT: '99999' })).toThrow(
      /SHELL_PORT[\s\S]*API_URL[\s\S]*MFE_MENUS_PORT: must be a port number/,
    );
  });

  it('have the documented defaults', () => {
    const settings = loadSiteSettings({ RELEASES_DIR: '/srv/releases' });
    expect(settings).toMatchObject({ shellOrigin: 'http://127.0.0.1:3000', apiOrigin: 'http://127.0.0.1:4000', releasesDir: '/srv/releases' });
    expect(settings.remotePort('mfe_menus', 3001)).toBe(3001);
  });
});

describe('servers that follow the release registry', () => {
  /** @type {string} */
  let releasesDir;
  /** @type {ReturnType<typeof loadSiteSettings>} */
  let settings;
  /** @type {import('node:http').Server[]} */
  const servers = [];
  /** @type {string} */
  let shellOrigin;
  /** @type {string} */
  let remoteOrigin;
  // How often the shell's server has read the registry: with no request, only its read-ahead timer reads it.
  let shellRegistryReads = 0;

  beforeAll(async () => {
    releasesDir = mkdtempSync(path.join(tmpdir(), 'site-servers-'));
    settings = loadSiteSettings({ RELEASES_DIR: releasesDir });
    writeRelease(releasesDir, 'shell', '1.0.0-old', { 'app.html': '<main id="main-content">old shell</main>', 'index.html': 'old home', '12.aaaaaaaa.js': 'old chunk' });
    writeRelease(releasesDir, 'shell', '1.0.1-new', {
      'app.html': '<html><head><title>Samgyup</title></head><body><main id="main-content">new shell</main></body></html>',
      'index.html': 'new home',
      '34.bbbbbbbb.js': 'new chunk',
    });
    writeRelease(releasesDir, 'mfe_menus', '2.0.0-abc', {
      'mf-manifest.json': '{}',
      'remoteEntry.js': 'entry',
      'first-screens.json': JSON.stringify({ routes: { '/unlimited': { html: '<h1>Unlimited Menu</h1>', styles: [] } } }),
    });
    const registryWatch = registry.watchRegistry(releasesDir, { intervalMs: 0 });
    let document = pointTo(emptyRegistry(), 'shell', { name: 'shell', version: '1.0.0-old' }, 'release');
    document = pointTo(document, 'shell', { name: 'shell', version: '1.0.1-new' }, 'release');
    writeRegistry(releasesDir, document);
    const countedWatch = { current: () => ((shellRegistryReads += 1), registryWatch.current()) };
    servers.push(await startShellServer(settings, { registry: countedWatch, port: 0 }));
    servers.push(await startRemoteServer(settings, 'mfe_menus', { registry: registryWatch, port: 0 }));
    shellOrigin = originOf(servers[0]);
    remoteOrigin = originOf(servers[1]);
    writeRegistry(
      releasesDir,
      pointTo(
        document,
        'mfe_menus',
        {
          name: 'mfe_menus',
          label: 'Menus',
          version: '2.0.0-abc',
          manifest: `${remoteOrigin}/2.0.0-abc/mf-manifest.json`,
          routes: ['/promos', '/unlimited'],
          signedInRouteData: { '/promos': [{ path: '/api/promos/saved', session: 'user' }] },
        },
        'release',
      ),
    );
  });
  afterAll(() => Promise.all(servers.map(closeServer)));

  it('serve the live shell, and the older shell chunks an open tab may still ask for', async () => {
    expect(await (await fetch(`${shellOrigin}/promos`)).text()).toContain('new shell');
    expect((await fetch(`${shellOrigin}/34.bbbbbbbb.js`)).status).toBe(200);
    expect(await (await fetch(`${shellOrigin}/12.aaaaaaaa.js`)).text()).toBe('old chunk');
    expect((await fetch(`${shellOrigin}/99.cccccccc.js`)).status).toBe(404);
  });

  it('give the browser the registry as /remotes.json, with a CSP naming the remote and a 304 when unchanged', async () => {
    const answer = await fetch(`${shellOrigin}/remotes.json`);
    const document = /** @type {RemotesJson} */ (await answer.json());
    expect(document.remotes.map((remote) => remote.version)).toEqual(['2.0.0-abc']);
    expect((await fetch(`${shellOrigin}/remotes.json`, { headers: { 'If-None-Match': answer.headers.get('etag') ?? '' } })).status).toBe(304);
    expect((await fetch(`${shellOrigin}/promos`)).headers.get('content-security-policy')).toContain(remoteOrigin);
    expect(/** @type {{ version: string }} */ (await (await fetch(`${shellOrigin}/env.json`)).json()).version).toBe('1.0.1-new');
  });

  it('send the preload hints in the Link header, except with a page drawn ahead of time, which paints first', async () => {
    expect((await fetch(`${shellOrigin}/promos`)).headers.get('link')).toContain(`<${remoteOrigin}/2.0.0-abc/mf-manifest.json>; rel=preload`);
    // The first screens are read in the background: the page has its drawing within a moment.
    const page = await eventually(
      async () => {
        const answer = await fetch(`${shellOrigin}/unlimited`);
        return { html: await answer.text(), link: answer.headers.get('link') };
      },
      (answer) => answer.html.includes('Unlimited Menu'),
      'the first screen drawn in /unlimited',
      5000,
    );
    expect(page.html).toContain('<h1>Unlimited Menu</h1>');
    expect(page.link).toBeNull();
  });

  it("write into a page the reads its route makes with the visitor's login, for the boot script to start", async () => {
    const reads = `<script type="application/json" id="signed-in-reads">[{"url":"${settings.apiOrigin}/api/promos/saved","session":"user"}]</script>`;
    expect(await (await fetch(`${shellOrigin}/promos`)).text()).toContain(reads);
    expect(await (await fetch(`${shellOrigin}/unlimited`)).text()).not.toContain('signed-in-reads');
  });

  it('write /env.json and /remotes.json into each page only for a shell that reads them there, and then hint neither', async () => {
    const before = await fetch(`${shellOrigin}/promos`);
    expect(before.headers.get('link')).toContain('</remotes.json>; rel=preload');
    expect(await before.text()).not.toContain('data-document');

    const live = readFileSync(registry.registryFile(releasesDir), 'utf8');
    const reading = pointTo(readRegistry(releasesDir), 'shell', { name: 'shell', version: '1.0.1-new', readsInPage: ['/env.json', '/remotes.json'] }, 'release');
    const newer = { name: 'mfe_menus', label: 'Menus', version: '2.0.1-def', manifest: `${remoteOrigin}/2.0.1-def/mf-manifest.json`, routes: ['/promos', '/unlimited'] };
    writeRegistry(releasesDir, startCanary(reading, 'mfe_menus', newer, 50));
    try {
      /** @param {string} html @param {string} path */
      const carried = (html, path) => {
        const block = html.match(new RegExp(`<script type="application/json" data-document="${path}">(.*?)</script>`));
        return block ? JSON.parse(block[1]) : null;
      };
      // Each visitor's page carries their own remotes file: the canary for those in it.
      for (const [cohort, version] of [
        [4999, '2.0.1-def'],
        [5000, '2.0.0-abc'],
      ]) {
        const page = await fetch(`${shellOrigin}/promos`, { headers: { cookie: `samgyup_cohort=${cohort}` } });
        const html = await page.text();
        expect(carried(html, '/remotes.json').remotes.map((/** @type {{ version: string }} */ remote) => remote.version)).toEqual([version]);
        expect(carried(html, '/env.json')).toEqual(await (await fetch(`${shellOrigin}/env.json`)).json());
        const link = page.headers.get('link') ?? '';
        expect(link).toContain(`/${version}/mf-manifest.json>; rel=preload`);
        expect(link).not.toContain('/env.json');
        expect(link).not.toContain('/remotes.json');
      }
      // The documents are still served, for a tab that moves on and for older shells' tabs.
      expect((await fetch(`${shellOrigin}/remotes.json`)).status).toBe(200);
    } finally {
      writeFileSync(registry.registryFile(releasesDir), live);
      // The next tests start from the live registry as the server reads it.
      await eventually(
        async () => (await fetch(`${shellOrigin}/promos`, { headers: { cookie: 'samgyup_cohort=1' } })).text(),
        (html) => !html.includes('data-document'),
        'the shell server reading the live registry again',
        5000,
      );
    }
  });

  it("write the shell's boot script into its pages in place of its tag, and name that script's hash and no other in the CSP", async () => {
    const boot = '(function () { window.booted = true; })();\n';
    writeRelease(releasesDir, 'shell', '1.0.2-boot', {
      'app.html': `<html><head><title>Samgyup</title><script defer="defer" src="/boot-after-paint.js"></script></head><body><main id="main-content">boot shell</main></body></html>`,
      'index.html': 'boot home',
      'boot-after-paint.js': boot,
    });
    const live = readFileSync(registry.registryFile(releasesDir), 'utf8');
    writeRegistry(releasesDir, startCanary(readRegistry(releasesDir), 'shell', { name: 'shell', version: '1.0.2-boot' }, 50));
    try {
      const hash = `'sha256-${createHash('sha256').update(boot).digest('base64')}'`;
      const page = await eventually(
        () => fetch(`${shellOrigin}/promos`, { headers: { cookie: 'samgyup_cohort=4999' } }),
        (answer) => answer.headers.get('content-security-policy')?.includes('sha256-') ?? false,
        'the canary shell',
        5000,
      );
      const html = await page.text();
      // The script once, inline at the end of <body>, after everything it reads; the tag that fetched it gone.
      expect(html).not.toContain('src="/boot-after-paint.js"');
      expect(html.split(boot)).toHaveLength(2);
      expect(html).toMatch(new RegExp(`<script>${boot.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}</script></body></html>$`));
      const scriptSources = (page.headers.get('content-security-policy') ?? '').match(/script-src ([^;]*)/)?.[1].split(' ');
      expect(scriptSources).toEqual(["'self'", remoteOrigin, hash]);
      // A tab opened before still finds the file.
      expect(await (await fetch(`${shellOrigin}/boot-after-paint.js`, { headers: { cookie: 'samgyup_cohort=4999' } })).text()).toBe(boot);
      // The live shell's pages have no boot script to carry: their CSP allows no inline script.
      const older = await fetch(`${shellOrigin}/promos`, { headers: { cookie: 'samgyup_cohort=5000' } });
      expect(await older.text()).toContain('new shell');
      expect(older.headers.get('content-security-policy')).not.toContain('sha256-');
      // Nor does anything but a page.
      expect((await fetch(`${shellOrigin}/remotes.json`, { headers: { cookie: 'samgyup_cohort=4999' } })).headers.get('content-security-policy')).not.toContain('sha256-');
    } finally {
      writeFileSync(registry.registryFile(releasesDir), live);
      await eventually(
        async () => (await fetch(`${shellOrigin}/promos`, { headers: { cookie: 'samgyup_cohort=1' } })).text(),
        (html) => html.includes('new shell'),
        'the shell server reading the live registry again',
        5000,
      );
    }
  });

  it('serve each remote version under its own path, and nothing outside the releases', async () => {
    const entry = await fetch(`${remoteOrigin}/2.0.0-abc/remoteEntry.js`);
    expect(entry.status).toBe(200);
    expect(entry.headers.get('access-control-allow-origin')).toBe('*');
    expect((await fetch(`${remoteOrigin}/remoteEntry.js`)).status).toBe(404);
    expect((await fetch(`${remoteOrigin}/2.0.0-abc/../../shell/1.0.0-old/dist/index.html`)).status).toBe(404);
    expect((await fetch(`${remoteOrigin}/9.9.9/remoteEntry.js`)).status).toBe(404);
  });

  it('keep the last good registry when an edit breaks a manifest URL, a route or routeData, and go on serving', async () => {
    const file = registry.registryFile(releasesDir);
    const good = readFileSync(file, 'utf8');
    const log = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      /** @param {(live: Record<string, unknown>) => unknown} change */
      const broken = (change) => {
        const document = JSON.parse(good);
        const live = document.parts.mfe_menus.releases.find((/** @type {{ version: string }} */ entry) => entry.version === document.parts.mfe_menus.current);
        change(live);
        return JSON.stringify(document);
      };
      for (const edit of [
        broken((live) => (live.manifest = 'not a url')),
        broken((live) => (live.manifest = 'javascript:alert(1)')),
        broken((live) => (live.routes = [42])),
        broken((live) => (live.routes = ['promos'])),
        broken((live) => (live.routeData = { '/promos': '/api/promos' })),
        broken((live) => (live.routeData = { '/nowhere': ['/api/promos'] })),
      ]) {
        writeFileSync(file, edit);
        for (const page of ['/', '/promos']) expect((await fetch(`${shellOrigin}${page}`)).status).toBe(200);
        const remotes = /** @type {RemotesJson} */ (await (await fetch(`${shellOrigin}/remotes.json`)).json());
        expect(remotes.remotes[0].manifest).toBe(`${remoteOrigin}/2.0.0-abc/mf-manifest.json`);
        // The shell's server reads the registry ahead every second: a broken one must not stop it from a timer.
        const readsByRequests = shellRegistryReads;
        await eventually(
          () => shellRegistryReads,
          (reads) => reads > readsByRequests,
          'the shell server reading the broken registry ahead',
          5000,
        );
        expect((await fetch(`${shellOrigin}/`)).status).toBe(200);
      }
      expect(log).toHaveBeenCalledWith(expect.stringContaining('the servers keep the last good one'));
    } finally {
      writeFileSync(file, good);
      log.mockRestore();
    }
  }, 20_000);

  it('give each visitor a cohort once, in a cookie, and with it the canaries that visitor is in', async () => {
    const first = await fetch(`${shellOrigin}/promos`);
    const cookie = first.headers.get('set-cookie') ?? '';
    expect(cookie).toMatch(/^samgyup_cohort=\d{1,4}; Path=\/; Max-Age=2592000; SameSite=Lax$/);
    expect((await fetch(`${shellOrigin}/promos`, { headers: { cookie: 'samgyup_cohort=17' } })).headers.get('set-cookie')).toBeNull();
    // Files need no cohort.
    expect((await fetch(`${shellOrigin}/34.bbbbbbbb.js`)).headers.get('set-cookie')).toBeNull();

    const live = readFileSync(registry.registryFile(releasesDir), 'utf8');
    const newer = { name: 'mfe_menus', label: 'Menus', version: '2.0.1-def', manifest: `${remoteOrigin}/2.0.1-def/mf-manifest.json`, routes: ['/promos', '/unlimited'] };
    writeRegistry(releasesDir, startCanary(readRegistry(releasesDir), 'mfe_menus', newer, 50));
    try {
      /** @param {number} cohort */
      const versionFor = async (cohort) => {
        const answer = await fetch(`${shellOrigin}/remotes.json`, { headers: { cookie: `other=1; samgyup_cohort=${cohort}` } });
        return /** @type {RemotesJson} */ (await answer.json()).remotes[0].version;
      };
      expect(await versionFor(4999)).toBe('2.0.1-def');
      expect(await versionFor(5000)).toBe('2.0.0-abc');
      const page = await fetch(`${shellOrigin}/promos`, { headers: { cookie: 'samgyup_cohort=12' } });
      expect(page.headers.get('link')).toContain(`<${remoteOrigin}/2.0.1-def/mf-manifest.json>; rel=preload`);
    } finally {
      writeFileSync(registry.registryFile(releasesDir), live);
    }
  });

  it('answer a method they do not serve with 405 and the security headers', async () => {
    for (const origin of [shellOrigin, remoteOrigin]) {
      const answer = await fetch(`${origin}/promos`, { method: 'POST', body: 'x' });
      expect(answer.status).toBe(405);
      expect(answer.headers.get('allow')).toBe('GET, HEAD');
      expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
      expect(answer.headers.get('x-frame-options')).toBe('DENY');
      expect(answer.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    }
  });
});

describe('a shell server with nothing released', () => {
  it('says so instead of failing', async () => {
    const settings = loadSiteSettings({ RELEASES_DIR: mkdtempSync(path.join(tmpdir(), 'site-servers-empty-')) });
    const server = await startShellServer(settings, { port: 0 });
    const answer = await fetch(`${originOf(server)}/`);
    expect(answer.status).toBe(503);
    expect(await answer.text()).toContain('npm run release -w @samgyup/shell');
    await closeServer(server);
  });
});
