// The site's parts as the workspaces declare them (package.json "federation":
// name, label, default port; a remote's routes are the keys of its src/pages.ts):
// what `npm start`, the dev shell and the tests build and release. What is live
// is the release registry's business.
const { readFileSync } = require('node:fs');
const path = require('node:path');
const { isRemoteFolder, readRemoteRoutes } = require('@samgyup/build-kit');
const { repoRoot } = require('./repo-root.cjs');

/**
 * @typedef {{ name: string, label: string, port: number, routeData?: Record<string, string[]> }} Federation  a part's package.json "federation"
 * @typedef {Federation & { folder: string, routes: string[] }} RemoteDescriptor
 */

/** @param {string} file @returns {{ workspaces?: string[], federation?: Federation }} the package.json fields read here */
const readJson = (file) => JSON.parse(readFileSync(file, 'utf8'));

/**
 * Every workspace that is a remote (a part with pages), in workspace order.
 * @returns {RemoteDescriptor[]}
 */
function remoteDescriptors() {
  return (readJson(path.join(repoRoot, 'package.json')).workspaces ?? [])
    .map((folder) => ({ folder, federation: readJson(path.join(repoRoot, folder, 'package.json')).federation }))
    .filter(/** @returns {part is { folder: string, federation: Federation }} */ (part) => Boolean(part.federation?.name) && isRemoteFolder(path.join(repoRoot, part.folder)))
    .map(({ folder, federation }) => ({ folder, ...federation, routes: readRemoteRoutes(path.join(repoRoot, folder)) }));
}

/** @type {string[]} */
const REMOTE_FOLDERS = remoteDescriptors().map((remote) => remote.folder);

/**
 * /remotes.json for the development servers, which serve each remote's dist/ at its root.
 * @param {(remote: RemoteDescriptor) => string} originOf
 */
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
