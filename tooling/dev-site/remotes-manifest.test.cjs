const { readFileSync } = require('node:fs');
const path = require('node:path');
const { readRemoteRoutes } = require('@samgyup/build-kit');
const { remoteDescriptors, REMOTE_FOLDERS } = require('./remotes-manifest.cjs');
const { repoRoot } = require('./repo-root.cjs');

describe('the remotes manifest', () => {
  it('finds every remote workspace', () => {
    expect(remoteDescriptors().map((remote) => remote.name)).toEqual(expect.arrayContaining(['mfe_menus', 'mfe_reviews', 'mfe_refill', 'mfe_reservation', 'mfe_staff']));
  });

  it.each(REMOTE_FOLDERS)('%s: its first screens and route data name routes it serves', (folder) => {
    const routes = readRemoteRoutes(path.join(repoRoot, folder));
    const { federation } = JSON.parse(readFileSync(path.join(repoRoot, folder, 'package.json'), 'utf8'));
    expect(routes.length).toBeGreaterThan(0);
    expect(federation.routes).toBeUndefined();
    for (const route of [...(federation.firstScreens ?? []), ...Object.keys(federation.routeData ?? {})]) expect(routes).toContain(route);
  });
});
