const { mkdtempSync, writeFileSync } = require('node:fs');
const { tmpdir } = require('node:os');
const path = require('node:path');
const {
  checkRegistry,
  currentRelease,
  emptyRegistry,
  endCanary,
  everyRemoteVersion,
  pointTo,
  previousRelease,
  readRegistry,
  registryFile,
  remotesDocument,
  startCanary,
  watchRegistry,
  writeRegistry,
} = require('./release-registry.cjs');

/** @param {string} version */
const menus = (version) => ({ name: 'mfe_menus', label: 'Menus', version, manifest: `http://cdn.test/mfe_menus/${version}/mf-manifest.json`, routes: ['/promos'] });

describe('the release registry', () => {
  it('points a part at each release in turn and knows what came before', () => {
    let registry = pointTo(emptyRegistry(), 'mfe_menus', menus('1.0.0-aaa'), 'release', '2026-11-01T00:00:00Z');
    registry = pointTo(registry, 'mfe_menus', menus('1.0.1-bbb'), 'release', '2026-11-02T00:00:00Z');
    expect(currentRelease(registry, 'mfe_menus')?.version).toBe('1.0.1-bbb');
    const previous = previousRelease(registry, 'mfe_menus');
    expect(previous?.version).toBe('1.0.0-aaa');
    if (!previous) return;

    registry = pointTo(registry, 'mfe_menus', previous, 'rollback', '2026-11-03T00:00:00Z');
    expect(currentRelease(registry, 'mfe_menus')?.version).toBe('1.0.0-aaa');
    expect(registry.parts.mfe_menus.releases.map((release) => release.version)).toEqual(['1.0.0-aaa', '1.0.1-bbb']);
    expect(registry.parts.mfe_menus.history?.map((step) => `${step.action} ${step.version}`)).toEqual(['release 1.0.0-aaa', 'release 1.0.1-bbb', 'rollback 1.0.0-aaa']);
    expect(previousRelease(registry, 'mfe_menus')).toBeNull();
  });

  it('gives the browser the live remotes only, never the shell', () => {
    let registry = pointTo(emptyRegistry(), 'shell', { name: 'shell', version: '1.0.0-sss' }, 'release');
    registry = pointTo(registry, 'mfe_menus', menus('1.0.0-aaa'), 'release');
    expect(remotesDocument(registry)).toEqual({
      remotes: [{ name: 'mfe_menus', label: 'Menus', version: '1.0.0-aaa', manifest: menus('1.0.0-aaa').manifest, routes: ['/promos'] }],
    });
  });

  it('runs a canary beside the live release for its share of cohorts, then promotes it or ends it', () => {
    const live = pointTo(emptyRegistry(), 'mfe_menus', menus('1.0.0-aaa'), 'release', '2026-11-01T00:00:00Z');
    const running = startCanary(live, 'mfe_menus', menus('1.0.1-bbb'), 25, '2026-11-02T00:00:00Z');
    expect(currentRelease(running, 'mfe_menus')?.version).toBe('1.0.0-aaa');
    expect(running.parts.mfe_menus.canary).toEqual({ version: '1.0.1-bbb', percent: 25, since: '2026-11-02T00:00:00Z' });
    // Cohorts 0-2499 of 10,000 are a quarter of visitors.
    expect(remotesDocument(running, 2499).remotes[0].version).toBe('1.0.1-bbb');
    expect(remotesDocument(running, 2500).remotes[0].version).toBe('1.0.0-aaa');
    expect(remotesDocument(running).remotes[0].version).toBe('1.0.0-aaa');
    expect(everyRemoteVersion(running).remotes.map((remote) => remote.version)).toEqual(['1.0.0-aaa', '1.0.1-bbb']);
    expect(() => startCanary(running, 'mfe_menus', menus('1.0.2-ccc'), 10)).toThrow('already has a canary (1.0.1-bbb for 25% of visitors)');
    expect(() => startCanary(live, 'mfe_reviews', menus('1.0.2-ccc'), 10)).toThrow('has no live release');

    const promoted = endCanary(running, 'mfe_menus', 'promote', { by: 'judge', reason: 'held 30 min' }, '2026-11-02T00:30:00Z');
    expect(checkRegistry(promoted).parts.mfe_menus.canary).toBeUndefined();
    expect(currentRelease(promoted, 'mfe_menus')?.version).toBe('1.0.1-bbb');
    const ended = endCanary(running, 'mfe_menus', 'canary-rollback', { by: 'judge' }, '2026-11-02T00:05:00Z');
    expect(currentRelease(ended, 'mfe_menus')?.version).toBe('1.0.0-aaa');
    expect(remotesDocument(ended, 0).remotes[0].version).toBe('1.0.0-aaa');
    expect(ended.parts.mfe_menus.history?.map((step) => `${step.action} ${step.version} ${step.by ?? ''}`.trim())).toEqual([
      'release 1.0.0-aaa',
      'canary 1.0.1-bbb',
      'canary-rollback 1.0.1-bbb judge',
    ]);
    expect(() => endCanary(ended, 'mfe_menus', 'promote')).toThrow('has no canary running');
  });

  it('refuses a canary the servers could not follow', () => {
    const registry = startCanary(pointTo(emptyRegistry(), 'mfe_menus', menus('1.0.0-aaa'), 'release'), 'mfe_menus', menus('1.0.1-bbb'), 25);
    const withCanary = (/** @type {unknown} */ canary) => ({ parts: { mfe_menus: { ...registry.parts.mfe_menus, canary } } });
    expect(() => checkRegistry(withCanary({ version: '9.9.9', percent: 5, since: '2026-11-02T00:00:00Z' }))).toThrow('which is not among its releases');
    expect(() => checkRegistry(withCanary({ version: '1.0.0-aaa', percent: 5, since: '2026-11-02T00:00:00Z' }))).toThrow('its live version 1.0.0-aaa as its canary');
    expect(() => checkRegistry(withCanary({ version: '1.0.1-bbb', percent: 100, since: '2026-11-02T00:00:00Z' }))).toThrow('not between 0 and 100');
    expect(() => checkRegistry(withCanary({ version: '1.0.1-bbb', percent: 5 }))).toThrow('no start time');
  });

  it('refuses to write a registry that points at a release it does not list', () => {
    const folder = mkdtempSync(path.join(tmpdir(), 'registry-'));
    const broken = { parts: { mfe_menus: { current: '9.9.9', releases: [menus('1.0.0-aaa')] } } };
    expect(() => writeRegistry(folder, broken)).toThrow('mfe_menus points at 9.9.9, which is not among its releases');
    expect(readRegistry(folder)).toEqual(emptyRegistry());
  });

  it('checks every field the servers read before it is used', () => {
    const withMenus = (/** @type {{ version: string, [field: string]: unknown }} */ release) => ({ parts: { mfe_menus: { current: release.version, releases: [release] } } });
    expect(checkRegistry(withMenus({ ...menus('1.0.0-aaa'), routeData: { '/promos': ['/api/promos'] } }))).toBeTruthy();
    expect(checkRegistry({ parts: { shell: { current: '1', releases: [{ version: '1', readsInPage: ['/env.json', '/remotes.json'] }] } } })).toBeTruthy();
    expect(checkRegistry(withMenus({ ...menus('1.0.0-aaa'), signedInRouteData: { '/promos': [{ path: '/api/promos?mine=1', session: 'user' }] } }))).toBeTruthy();
    // At an address with a query: a read may name a parameter, and a public one has no session.
    const queryReads = { '/promos': [{ path: '/api/promos/{id}', session: 'user' }, { path: '/api/restaurant-settings' }] };
    expect(checkRegistry(withMenus({ ...menus('1.0.0-aaa'), signedInQueryRouteData: queryReads }))).toBeTruthy();
    expect(remotesDocument(withMenus({ ...menus('1.0.0-aaa'), signedInQueryRouteData: queryReads })).remotes[0].signedInQueryRouteData).toEqual(queryReads);
    /** @type {Array<[unknown, string]>} */
    const refusals = [
      [withMenus({ ...menus('1.0.0-aaa'), manifest: 'mf-manifest.json' }), 'has a manifest that is no http(s) URL'],
      [withMenus({ ...menus('1.0.0-aaa'), manifest: 'file:///etc/passwd' }), 'has a manifest that is no http(s) URL'],
      [withMenus({ ...menus('1.0.0-aaa'), routes: [{}] }), 'has routes that are not all paths'],
      [withMenus({ ...menus('1.0.0-aaa'), routes: ['//evil.example/x'] }), 'has routes that are not all paths'],
      [withMenus({ ...menus('1.0.0-aaa'), routeData: ['/api/promos'] }), 'has a routeData that is no object'],
      [withMenus({ ...menus('1.0.0-aaa'), routeData: { '/promos': [7] } }), 'that is not a list of API paths'],
      [withMenus({ ...menus('1.0.0-aaa'), routeData: { '/promos': ['https://evil.example/'] } }), 'that is not a list of API paths'],
      [withMenus({ ...menus('1.0.0-aaa'), routeData: { '/other': ['/api/promos'] } }), 'which is none of its routes'],
      [withMenus({ ...menus('1.0.0-aaa'), signedInRouteData: ['/api/mine'] }), 'has a signedInRouteData that is no object'],
      [withMenus({ ...menus('1.0.0-aaa'), signedInRouteData: { '/promos': ['/api/mine'] } }), 'is not a list of { path, session }'],
      [withMenus({ ...menus('1.0.0-aaa'), signedInRouteData: { '/promos': [{ path: 'https://evil.example/', session: 'user' }] } }), 'is not a list of { path, session }'],
      [withMenus({ ...menus('1.0.0-aaa'), signedInRouteData: { '/promos': [{ path: '/api/mine', session: '<user>' }] } }), 'is not a list of { path, session }'],
      [withMenus({ ...menus('1.0.0-aaa'), signedInRouteData: { '/other': [{ path: '/api/mine', session: 'user' }] } }), 'which is none of its routes'],
      [withMenus({ ...menus('1.0.0-aaa'), signedInQueryRouteData: { '/promos': [{ path: '//evil.example/{id}' }] } }), 'has signedInQueryRouteData for /promos that is not a list'],
      [
        withMenus({ ...menus('1.0.0-aaa'), signedInQueryRouteData: { '/promos': [{ path: '/api/x/{id}', session: 7 }] } }),
        'has signedInQueryRouteData for /promos that is not a list',
      ],
      [withMenus({ ...menus('1.0.0-aaa'), signedInQueryRouteData: { '/other': [{ path: '/api/x/{id}' }] } }), 'which is none of its routes'],
      [withMenus({ ...menus('1.0.0-aaa'), label: 5 }), 'has a label that is no text'],
      [withMenus({ ...menus('1.0.0-aaa'), pages: { '/promos': { title: 7 } } }), 'has page meta for "/promos" without a title'],
      [withMenus({ ...menus('1.0.0-aaa'), pages: { '/promos': { title: 'Promos', index: 'no' } } }), 'in no yes-or-no'],
      [withMenus({ ...menus('1.0.0-aaa'), pages: { '/promos': { title: 'Promos', canonical: 'https://evil.example/' } } }), 'has a canonical of /promos that is no path'],
      [{ parts: { shell: { current: '1', releases: [{ version: '1', shareCard: {} }] } } }, 'has a shareCard that is no text'],
      [{ parts: { shell: { current: '1', releases: [{ version: '1', readsInPage: '/env.json' }] } } }, "has a readsInPage that is no list of JSON files at the site's root"],
      [
        { parts: { shell: { current: '1', releases: [{ version: '1', readsInPage: ['/../secret.json'] }] } } },
        "has a readsInPage that is no list of JSON files at the site's root",
      ],
      [
        { parts: { shell: { current: '1', releases: [{ version: '1', readsInPage: ['/x.json"><script>'] }] } } },
        "has a readsInPage that is no list of JSON files at the site's root",
      ],
      [withMenus(menus('../../etc')), 'has no version'],
      [{ parts: { '../shell': { current: '1', releases: [{ version: '1' }] } } }, 'is no part name'],
      [{ parts: { mfe_menus: null } }, 'has no "releases" list'],
      [{ parts: [] }, 'the registry has no "parts" object'],
    ];
    for (const [document, reason] of refusals) expect(() => checkRegistry(document)).toThrow(reason);
  });

  it('is read again when the file changes, and a broken edit keeps the last good one', () => {
    const folder = mkdtempSync(path.join(tmpdir(), 'registry-'));
    const log = { error: jest.fn() };
    const watched = watchRegistry(folder, { intervalMs: 0, log });
    expect(watched.current()).toEqual(emptyRegistry());
    writeRegistry(folder, pointTo(emptyRegistry(), 'mfe_menus', menus('1.0.0-aaa'), 'release'));
    expect(currentRelease(watched.current(), 'mfe_menus')?.version).toBe('1.0.0-aaa');
    writeFileSync(registryFile(folder), '{ "parts": ');
    expect(currentRelease(watched.current(), 'mfe_menus')?.version).toBe('1.0.0-aaa');
    expect(log.error).toHaveBeenCalledWith(expect.stringContaining('cannot be used'));
  });
});
