// Where each part of the composed site runs, and the servers that serve the
// built shell and remotes. Used by `npm start` and by the end-to-end tests.
const path = require('node:path');
const { contentSecurityPolicy, createStaticServer, listen } = require('./static-server.cjs');
const { createPreloadHints } = require('./preload-hints.cjs');
const { createFirstScreens, withFirstScreen } = require('./first-screens/first-screen-pages.cjs');
const { createLiveFirstScreens } = require('./first-screens/live-first-screens.cjs');
const { buildRemotesManifest, remoteDescriptors, repoRoot } = require('./remotes-manifest.cjs');

const envName = (remoteName) => `${remoteName.toUpperCase()}_PORT`; // e.g. MFE_MENUS_PORT

/** Ports and addresses from the environment, with the documented defaults. */
function siteSettings(env = process.env) {
  const host = env.SITE_HOST || '127.0.0.1';
  const shellPort = Number(env.SHELL_PORT) || 3000;
  const apiPort = Number(env.API_PORT) || 4000;
  const remotes = remoteDescriptors().map((remote) => {
    const port = Number(env[envName(remote.name)]) || remote.port;
    return { ...remote, port, origin: `http://${host}:${port}`, root: path.join(repoRoot, remote.folder, 'dist') };
  });
  return {
    host,
    shellPort,
    apiPort,
    shellOrigin: `http://${host}:${shellPort}`,
    apiOrigin: env.API_URL || `http://${host}:${apiPort}`,
    shellRoot: path.join(repoRoot, 'shell', 'dist'),
    remotes,
    version: require(path.join(repoRoot, 'package.json')).version ?? '0.1.0',
  };
}

/** The public runtime settings the shell serves at /env.json. Never put a secret here. */
function publicRuntimeConfig(settings, env = process.env) {
  return {
    apiBaseUrl: settings.apiOrigin,
    captcha: { provider: env.CAPTCHA_PROVIDER || 'altcha', ...(env.CAPTCHA_SITE_KEY ? { siteKey: env.CAPTCHA_SITE_KEY } : {}) },
    version: env.SITE_VERSION || settings.version,
    environment: env.NODE_ENV || 'production',
  };
}

/**
 * @param {ReturnType<typeof siteSettings>} settings
 * @param {{ remotesFile?: () => unknown }} [options]  override what /remotes.json says (tests)
 */
async function startShellServer(settings, options = {}) {
  const remotesFile = options.remotesFile ?? (() => buildRemotesManifest((remote) => settings.remotes.find((r) => r.name === remote.name).origin));
  const origins = () => {
    const file = remotesFile();
    return (file?.remotes ?? []).map((remote) => new URL(remote.manifest).origin);
  };
  const firstScreens = createFirstScreens({ remotesFile });
  const server = createStaticServer({
    root: settings.shellRoot,
    spa: true,
    json: () => ({ '/remotes.json': remotesFile(), '/env.json': publicRuntimeConfig(settings) }),
    csp: () => contentSecurityPolicy({ scriptOrigins: origins(), connectOrigins: [settings.apiOrigin] }),
    pageLinks: createPreloadHints({ remotesFile, apiOrigin: settings.apiOrigin }),
    pageBody: (pathname, html) => withFirstScreen(html, firstScreens(pathname)),
  });
  await listen(server, settings.shellPort, settings.host);
  return server;
}

async function startRemoteServer(settings, remote, port = remote.port) {
  // First screens of routes that read API data are drawn with that data (see tooling/first-screens).
  const live = createLiveFirstScreens({ folder: path.dirname(remote.root), routeData: remote.routeData, apiOrigin: settings.apiOrigin });
  const server = createStaticServer({ root: remote.root, cors: true, json: () => live?.documents() ?? {} });
  server.on('close', () => live?.stop());
  await listen(server, port, settings.host);
  return server;
}

function closeServer(server) {
  return new Promise((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections?.();
  });
}

module.exports = { siteSettings, publicRuntimeConfig, startShellServer, startRemoteServer, closeServer };
