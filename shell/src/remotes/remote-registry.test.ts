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

  it('knows when the page runs an older release of a remote than the registry names', () => {
    const running = menus('v1');
    expect(isOutdated(running)).toBe(false);
    markRunning(running);
    expect(isOutdated(running)).toBe(false);
    expect(isOutdated(menus('v2'))).toBe(true);
    expect(isOutdated({ ...menus('v2'), name: 'mfe_reviews' })).toBe(false);
  });
});
