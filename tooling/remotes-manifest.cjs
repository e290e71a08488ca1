// The site's parts as the workspaces declare them (package.json "federation":
// name, label, default port, routes): what `npm start`, the dev shell and the
// tests build and release. What is live is the release registry's business.
const { readFileSync } = require('node:fs');
const path = require('node:path');

const repoRoot = path.resolve(__dirname, '..');
const readJson = (file) => JSON.parse(readFileSync(file, 'utf8'));

/** Every workspace that is a remote (its federation field lists routes), in workspace order. */
function remoteDescriptors() {
  return readJson(path.join(repoRoot, 'package.json'))
    .workspaces.map((folder) => ({ folder, federation: readJson(path.join(repoRoot, folder, 'package.json')).federation }))
    .filter(({ federation }) => Array.isArray(federation?.routes))
    .map(({ folder, federation }) => ({ folder, ...federation }));
}

const REMOTE_FOLDERS = remoteDescriptors().map((remote) => remote.folder);

/** /remotes.json for the development servers, which serve each remote's dist/ at its root. */
function buildRemotesManifest(originOf) {
  return {
    remotes: remoteDescriptors().map((remote) => ({
      name: remote.name,
      label: remote.label,
      manifest: `${originOf(remote)}/mf-manifest.json`,
      routes: remote.routes,
      ...(remote.routeData ? { routeData: remote.routeData } : {}),
    })),
  };
}

module.exports = { buildRemotesManifest, remoteDescriptors, REMOTE_FOLDERS, repoRoot };
