// What a part's workspace says about itself: its federation name, label and port
// (package.json "federation"), a remote's routes (dist/routes.json, which its build writes from the keys of src/pages.ts)
// and every part's page meta (dist/page-meta.json, from src/page-meta.ts),
// its version, and its build.
const { isRemoteFolder, readRemoteRoutes } = require('@samgyup/build-kit');
const { existsSync, readFileSync } = require('node:fs');
const path = require('node:path');

/** @param {string} folder  the workspace folder (the shell's or a remote's) */
function readPartWorkspace(folder) {
  const packageFile = path.join(folder, 'package.json');
  if (!existsSync(packageFile)) throw new Error(`${folder} has no package.json: run the release from a part's workspace (npm run release -w <workspace>).`);
  const pkg = JSON.parse(readFileSync(packageFile, 'utf8'));
  const federation = pkg.federation;
  if (!federation?.name) throw new Error(`${pkg.name} is not a part of the site (its package.json has no "federation" name).`);
  const dist = path.join(folder, 'dist');
  // A remote's build says which routes it serves; the sources are the fallback for a build made before it did.
  const builtRoutes = path.join(dist, 'routes.json');
  const isShell = !existsSync(builtRoutes) && !isRemoteFolder(folder);
  const builtFile = path.join(dist, isShell ? 'index.html' : 'mf-manifest.json');
  return {
    folder,
    packageName: pkg.name,
    packageVersion: pkg.version,
    name: federation.name,
    label: federation.label ?? federation.name,
    port: federation.port,
    routes: isShell ? undefined : existsSync(builtRoutes) ? JSON.parse(readFileSync(builtRoutes, 'utf8')).routes : readRemoteRoutes(folder),
    routeData: federation.routeData,
    // What a route reads as it opens with the visitor's login: the shell's boot starts those reads.
    signedInRouteData: federation.signedInRouteData,
    // The same at an address with a query, each `{name}` in a path read from it (docs/how-it-works.md).
    signedInQueryRouteData: federation.signedInQueryRouteData,
    // What its pages say to search engines and link previews (src/page-meta.ts, written into the build).
    pageMeta: existsSync(path.join(dist, 'page-meta.json')) ? JSON.parse(readFileSync(path.join(dist, 'page-meta.json'), 'utf8')) : null,
    isShell,
    dist,
    firstScreensRenderer: path.join(folder, '.first-screens'),
    isBuilt: () => existsSync(builtFile),
  };
}

/**
 * Every part of the project at `root`: the workspaces whose package.json has a federation name, shell first.
 * @param {string} root
 */
function readAllParts(root) {
  /** @type {{ workspaces?: string[] }} */
  const { workspaces = [] } = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
  const parts = workspaces
    .map((workspace) => path.join(root, workspace))
    .filter((folder) => JSON.parse(readFileSync(path.join(folder, 'package.json'), 'utf8')).federation?.name)
    .map(readPartWorkspace);
  return [...parts.filter((part) => part.isShell), ...parts.filter((part) => !part.isShell)];
}

module.exports = { readAllParts, readPartWorkspace };
