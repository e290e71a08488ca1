import { findRemoteRoute, parseRemotesFile } from './remote-registry';

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
});
