import { findRemoteRoute, isOutdated, markRunning, parseRemotesFile, readRemoteRegistry } from './remote-registry';

jest.mock('@module-federation/enhanced/runtime', () => ({ getInstance: jest.fn(), registerRemotes: jest.fn() }));

const remotes = parseRemotesFile({
  remotes: [
    { name: 'mfe_menus', label: 'Menus', manifest: 'http://a/mf-manifest.json', routes: ['/unlimited', '/promos'] },
    { name: 'mfe_staff', manifest: 'http://b/mf-manifest.json', routes: ['/staff/*'] },
    { name: 'broken', routes: 'not a list' },
    'nonsense',
  ],
});

describe('the runtime remotes file', () => {
  it('keeps well-formed entries, skips the rest, and labels by name when no label is given', () => {
    expect(remotes.map((remote) => [remote.name, remote.label])).toEqual([
      ['mfe_menus', 'Menus'],
      ['mfe_staff', 'mfe_staff'],
    ]);
  });

  it('reads a file without a list as no remotes', () => {
    expect(parseRemotesFile(null)).toEqual([]);
    expect(parseRemotesFile({ remotes: 'x' })).toEqual([]);
  });

  it('matches exact paths and wildcard patterns to their remote', () => {
    expect(findRemoteRoute(remotes, '/promos')).toMatchObject({ pattern: '/promos', remote: { name: 'mfe_menus' } });
    expect(findRemoteRoute(remotes, '/staff/tables')).toMatchObject({ pattern: '/staff/*', remote: { name: 'mfe_staff' } });
  });

  it('is case-sensitive and finds nothing for unknown paths', () => {
    expect(findRemoteRoute(remotes, '/Promos')).toBeNull();
    expect(findRemoteRoute(remotes, '/promos/extra')).toBeNull();
    expect(findRemoteRoute(remotes, '/nowhere')).toBeNull();
  });

  it('answers a path again without matching anew, and a new read of the registry by its own routes', () => {
    const first = findRemoteRoute(remotes, '/promos');
    expect(findRemoteRoute(remotes, '/promos')).toBe(first);
    expect(findRemoteRoute(remotes, '/nowhere')).toBeNull();
    const released = parseRemotesFile({ remotes: [{ name: 'mfe_menus', label: 'Menus', manifest: 'http://a/2/mf-manifest.json', routes: ['/promos', '/nowhere'] }] });
    expect(findRemoteRoute(released, '/nowhere')).toMatchObject({ pattern: '/nowhere', remote: { manifest: 'http://a/2/mf-manifest.json' } });
    expect(findRemoteRoute(released, '/promos')).not.toBe(first);
  });
});

describe('following releases from an open tab', () => {
  const menus = (version: string) => ({ name: 'mfe_menus', label: 'Menus', manifest: `http://a/${version}/mf-manifest.json`, routes: ['/promos'] });

  it('reads the registry again each time, and keeps what it knew when the server does not answer', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const fetchMock = jest.spyOn(globalThis, 'fetch');
    fetchMock.mockResolvedValueOnce(new Response(JSON.stringify({ remotes: [menus('v1')] })));
    expect((await readRemoteRegistry()).map((remote) => remote.manifest)).toEqual([menus('v1').manifest]);
    fetchMock.mockResolvedValueOnce(new Response(JSON.stringify({ remotes: [menus('v2')] })));
    expect((await readRemoteRegistry()).map((remote) => remote.manifest)).toEqual([menus('v2').manifest]);
    fetchMock.mockRejectedValueOnce(new TypeError('offline'));
    expect((await readRemoteRegistry()).map((remote) => remote.manifest)).toEqual([menus('v2').manifest]);
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });

  it('draws the visitor a cohort before its first read when no server did, and keeps it', async () => {
    const fetchMock = jest.spyOn(globalThis, 'fetch');
    fetchMock.mockResolvedValue(new Response(JSON.stringify({ remotes: [] })));
    document.cookie = 'samgyup_cohort=; Max-Age=0; Path=/';
    await readRemoteRegistry();
    const cohort = /samgyup_cohort=(\d+)/.exec(document.cookie)?.[1];
    expect(Number(cohort)).toBeGreaterThanOrEqual(0);
    expect(Number(cohort)).toBeLessThan(10_000);
    fetchMock.mockResolvedValue(new Response(JSON.stringify({ remotes: [] })));
    await readRemoteRegistry();
    expect(/samgyup_cohort=(\d+)/.exec(document.cookie)?.[1]).toBe(cohort);
  });

  /** The module as a page that has just loaded has it: no read made yet. */
  async function loadedRegistry(): Promise<typeof import('./remote-registry')> {
    let fresh: typeof import('./remote-registry') | undefined;
    await jest.isolateModulesAsync(async () => {
      fresh = await import('./remote-registry');
    });
    return fresh!;
  }

  it('shows the page a visitor lands on from the read made as the page loaded, and reads again for every move after', async () => {
    window.history.replaceState(null, '', '/promos');
    const fetchMock = jest.spyOn(globalThis, 'fetch').mockImplementation(async () => new Response(JSON.stringify({ remotes: [menus('v1')] })));
    const registry = await loadedRegistry();
    const atLoad = registry.readRemoteRegistry();
    expect((await registry.readRemoteRegistryFor('/promos')).map((remote) => remote.manifest)).toEqual([menus('v1').manifest]);
    await atLoad;
    // One request: the page's first screen did not wait for a second read of a file it had just been sent.
    expect(fetchMock).toHaveBeenCalledTimes(1);
    fetchMock.mockImplementation(async () => new Response(JSON.stringify({ remotes: [menus('v2')] })));
    expect((await registry.readRemoteRegistryFor('/promos')).map((remote) => remote.manifest)).toEqual([menus('v2').manifest]);
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('reads again for the page it loaded at when the read made at load failed, and never hands that read to another address', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    window.history.replaceState(null, '', '/promos');
    const fetchMock = jest.spyOn(globalThis, 'fetch').mockRejectedValueOnce(new TypeError('offline'));
    const registry = await loadedRegistry();
    await registry.readRemoteRegistry();
    fetchMock.mockImplementation(async () => new Response(JSON.stringify({ remotes: [menus('v3')] })));
    expect((await registry.readRemoteRegistryFor('/promos')).map((remote) => remote.manifest)).toEqual([menus('v3').manifest]);
    expect(fetchMock).toHaveBeenCalledTimes(2);

    const other = await loadedRegistry();
    fetchMock.mockImplementation(async () => new Response(JSON.stringify({ remotes: [menus('v4')] })));
    await other.readRemoteRegistry();
    expect((await other.readRemoteRegistryFor('/unlimited')).map((remote) => remote.manifest)).toEqual([menus('v4').manifest]);
    expect(fetchMock).toHaveBeenCalledTimes(4);
  });

  /** The remotes file as the shell's server writes it into a page (site-server/src/documents-in-page.cjs). */
  function carryInPage(path: string, json: string): () => void {
    const block = document.createElement('script');
    block.type = 'application/json';
    block.dataset.document = path;
    block.textContent = json;
    document.head.appendChild(block);
    return () => block.remove();
  }

  it('takes the remotes file the page carries as the read at load, without a request, and reads anew for every move after', async () => {
    window.history.replaceState(null, '', '/promos');
    const removeBlock = carryInPage('/remotes.json', JSON.stringify({ remotes: [menus('v5')] }));
    try {
      const fetchMock = jest.spyOn(globalThis, 'fetch').mockImplementation(async () => new Response(JSON.stringify({ remotes: [menus('v6')] })));
      const registry = await loadedRegistry();
      expect((await registry.readRemoteRegistryAtLoad()).map((remote) => remote.manifest)).toEqual([menus('v5').manifest]);
      expect((await registry.readRemoteRegistryFor('/promos')).map((remote) => remote.manifest)).toEqual([menus('v5').manifest]);
      expect(fetchMock).not.toHaveBeenCalled();
      expect((await registry.readRemoteRegistryFor('/promos')).map((remote) => remote.manifest)).toEqual([menus('v6').manifest]);
      expect(fetchMock).toHaveBeenCalledTimes(1);
    } finally {
      removeBlock();
    }
  });

  it('fetches the remotes file at load when the page carries none, or one that does not parse', async () => {
    window.history.replaceState(null, '', '/promos');
    const fetchMock = jest.spyOn(globalThis, 'fetch').mockImplementation(async () => new Response(JSON.stringify({ remotes: [menus('v7')] })));
    for (const carried of [null, '{"remotes": [']) {
      const removeBlock = carried === null ? () => undefined : carryInPage('/remotes.json', carried);
      try {
        fetchMock.mockClear();
        const registry = await loadedRegistry();
        expect((await registry.readRemoteRegistryAtLoad()).map((remote) => remote.manifest)).toEqual([menus('v7').manifest]);
        expect(fetchMock).toHaveBeenCalledTimes(1);
      } finally {
        removeBlock();
      }
    }
  });

  it('knows when the page runs an older release of a remote than the registry names', () => {
    const running = menus('v1');
    expect(isOutdated(running)).toBe(false);
    markRunning(running);
    expect(isOutdated(running)).toBe(false);
    expect(isOutdated(menus('v2'))).toBe(true);
    expect(isOutdated({ ...menus('v2'), name: 'mfe_reviews' })).toBe(false);
  });
});
