const { readFileSync } = require('node:fs');
const path = require('node:path');
const { readPageMeta, readRemoteRoutes } = require('@samgyup/build-kit');
const { remoteDescriptors, REMOTE_FOLDERS } = require('./remotes-manifest.cjs');
const { repoRoot } = require('./repo-root.cjs');

describe('the remotes manifest', () => {
  it('finds every remote workspace', () => {
    expect(remoteDescriptors().map((remote) => remote.name)).toEqual(expect.arrayContaining(['mfe_menus', 'mfe_reviews', 'mfe_refill', 'mfe_reservation', 'mfe_staff']));
  });

  it.each(REMOTE_FOLDERS)('%s: its first screens and route data name routes it serves; a route drawn signed in has reads with a login', (folder) => {
    const routes = readRemoteRoutes(path.join(repoRoot, folder));
    const { federation } = JSON.parse(readFileSync(path.join(repoRoot, folder, 'package.json'), 'utf8'));
    expect(routes.length).toBeGreaterThan(0);
    expect(federation.routes).toBeUndefined();
    const queryReads = federation.signedInQueryRouteData ?? {};
    for (const route of [
      ...(federation.firstScreens ?? []),
      ...Object.keys(federation.routeData ?? {}),
      ...Object.keys(federation.signedInRouteData ?? {}),
      ...Object.keys(queryReads),
    ]) {
      expect(routes).toContain(route);
    }
    // At its plain address (signedInRouteData) or at one with a query (signedInQueryRouteData, where a read without a session is public).
    for (const route of federation.signedInFirstScreens ?? []) {
      const withLogin = [...(federation.signedInRouteData?.[route] ?? []), ...(queryReads[route] ?? [])].filter((read) => typeof read.session === 'string');
      expect(withLogin.length).toBeGreaterThan(0);
    }
  });

  it.each(REMOTE_FOLDERS)('%s: describes every route it serves to search engines, and nothing else; the console is never indexed', (folder) => {
    const dir = path.join(repoRoot, folder);
    const meta = readPageMeta(dir, readRemoteRoutes(dir));
    for (const [route, page] of Object.entries(meta)) {
      expect(page.title).toBeTruthy();
      if (page.canonical) expect(Object.keys(meta)).toContain(page.canonical);
      if (route.startsWith('/staff')) expect(page.index).toBe(false);
    }
  });

  it('refuses a part that serves a route it does not describe', () => {
    const dir = path.join(repoRoot, 'mfe-menus');
    expect(() => readPageMeta(dir, [...readRemoteRoutes(dir), '/drinks'])).toThrow(/says nothing of \/drinks/);
  });
});
