// Builds the runtime remotes file the shell reads at start-up (`/remotes.json`):
// remote name -> URL of its mf-manifest.json, plus the route paths it serves.
// Each remote declares its own name, label, default port and routes in the
// "federation" field of its package.json.
const path = require('node:path');

const repoRoot = path.resolve(__dirname, '..');
const REMOTE_FOLDERS = ['mfe-menus', 'mfe-reviews', 'mfe-refill', 'mfe-reservation', 'mfe-staff'];

function remoteDescriptors() {
  return REMOTE_FOLDERS.map((folder) => {
    const { federation } = require(path.join(repoRoot, folder, 'package.json'));
    return { folder, ...federation };
  });
}

/** @param {(remote: {name: string, port: number}) => string} originOf */
function buildRemotesManifest(originOf) {
  return {
    remotes: remoteDescriptors().map((remote) => ({
      name: remote.name,
      label: remote.label,
      manifest: `${originOf(remote)}/mf-manifest.json`,
      routes: remote.routes,
      // API paths a route reads as it opens; the shell's server asks the browser to fetch them early.
      ...(remote.routeData ? { routeData: remote.routeData } : {}),
    })),
  };
}

module.exports = { buildRemotesManifest, remoteDescriptors, REMOTE_FOLDERS, repoRoot };
