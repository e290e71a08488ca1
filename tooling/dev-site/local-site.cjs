// The whole site on this machine from the workspaces' builds: each part's build
// released into settings.releasesDir (no browser check), then every remote's
// server and the shell's, following that registry. Used by `npm start`, the
// end-to-end tests and the bench.
const { publish, readAllParts } = require('@samgyup/release-tools');
const { closeServer, registry, startRemoteServer, startShellServer } = require('@samgyup/site-server');
const { remoteDescriptors, repoRoot } = require('./remotes-manifest.cjs');

/**
 * @param {object} options
 * @param {ReturnType<typeof import('@samgyup/site-server').loadSiteSettings>} options.settings
 * @param {number} [options.registryIntervalMs]  how often the servers look at the registry again
 */
async function releaseAndServe({ settings, registryIntervalMs }) {
  const remotes = remoteDescriptors().map((remote) => {
    const port = settings.remotePort(remote.name, remote.port);
    return { name: remote.name, label: remote.label, folder: remote.folder, routes: remote.routes, port, origin: `http://${settings.host}:${port}` };
  });
  // Together: a change of @samgyup/shared that no part alone fits (a major) goes live in one step.
  await publish({ settings, parts: readAllParts(repoRoot), check: false, log: () => undefined });
  const watched = registry.watchRegistry(settings.releasesDir, registryIntervalMs === undefined ? {} : { intervalMs: registryIntervalMs });
  /** @type {Map<string, import('node:http').Server>} */
  const servers = new Map();
  /** @param {string} name */
  async function startRemote(name) {
    const remote = remotes.find((candidate) => candidate.name === name);
    if (!remote) throw new Error(`There is no remote named ${name}.`);
    servers.set(name, await startRemoteServer(settings, name, { registry: watched, port: remote.port }));
  }
  /** @param {string} name */
  async function stopRemote(name) {
    const server = servers.get(name);
    servers.delete(name);
    if (server) await closeServer(server);
  }
  // Remotes first: the shell's server reads their manifests and first screens as it starts.
  for (const remote of remotes) await startRemote(remote.name);
  const shell = await startShellServer(settings, { registry: watched });
  return {
    remotes,
    registry: watched,
    startRemote,
    stopRemote,
    /** Keeps a server of the caller's (a moved or new remote) to stop with the rest. */
    keep: (/** @type {string} */ key, /** @type {import('node:http').Server} */ server) => servers.set(key, server),
    close: () => Promise.all([shell, ...servers.values()].map(closeServer)),
  };
}

module.exports = { releaseAndServe };
