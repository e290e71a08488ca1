// The shell's server: its pages from the live shell release (with the first
// screen of a remote's route, preload hints and a CSP naming the remotes' hosts),
// /remotes.json and /env.json, all read from the release registry per request.
const { HASHED, contentSecurityPolicy, createStaticServer, fileInside, listen } = require('./static-server.cjs');
const { createPreloadHints } = require('./preload-hints.cjs');
const { createFirstScreens, withFirstScreen } = require('./first-screens/first-screen-pages.cjs');
const { createLiveShellScreens } = require('./first-screens/live-shell-screens.cjs');
const { SHELL, currentRelease, releaseFolder, remotesDocument, watchRegistry } = require('./release-registry.cjs');
const path = require('node:path');

const REGISTRY_READ_AHEAD_MS = 1000;

/** The public runtime settings the shell serves at /env.json. Never put a secret here. */
function publicRuntimeConfig(settings, version) {
  return { apiBaseUrl: settings.apiOrigin, captcha: settings.captcha, version, environment: settings.environment };
}

/**
 * @param {ReturnType<typeof import('./site-settings.cjs').loadSiteSettings>} settings
 * @param {{ registry?: { current: () => import('./release-registry.cjs').Registry }, port?: number }} [options]
 */
async function startShellServer(settings, { registry = watchRegistry(settings.releasesDir), port = settings.shellPort } = {}) {
  const shellDist = (version) => path.join(releaseFolder(settings.releasesDir, SHELL, version), 'dist');
  const liveShell = () => currentRelease(registry.current(), SHELL);
  const remotesFile = () => remotesDocument(registry.current());
  const origins = () => remotesFile().remotes.map((remote) => new URL(remote.manifest).origin);
  const firstScreens = createFirstScreens({ remotesFile });
  const preloadHints = createPreloadHints({ remotesFile, apiOrigin: settings.apiOrigin });
  const liveScreens = createLiveShellScreens({
    folder: () => {
      const shell = liveShell();
      return shell ? releaseFolder(settings.releasesDir, SHELL, shell.version) : null;
    },
    apiOrigin: settings.apiOrigin,
  });
  // A release is read within a second and its files fetched ahead, so the next page already has them.
  const readAhead = setInterval(() => {
    firstScreens.warm();
    preloadHints.warm();
  }, REGISTRY_READ_AHEAD_MS);
  readAhead.unref();

  const server = createStaticServer({
    root: () => {
      const shell = liveShell();
      return shell ? shellDist(shell.version) : null;
    },
    // A tab opened before a shell release still asks for its own content-named chunks: they stay in older releases.
    locate: (pathname, folder) => {
      const live = folder && fileInside(folder, pathname);
      if (!HASHED.test(pathname)) return [live];
      const older = (registry.current().parts[SHELL]?.releases ?? []).map((release) => shellDist(release.version)).reverse();
      return [live, ...older.filter((dist) => dist !== folder).map((dist) => fileInside(dist, pathname))];
    },
    spa: true,
    json: () => ({ '/remotes.json': remotesFile(), '/env.json': publicRuntimeConfig(settings, liveShell()?.version ?? 'unreleased') }),
    csp: () => contentSecurityPolicy({ scriptOrigins: origins(), connectOrigins: [settings.apiOrigin] }),
    // A page that arrives with its first screen drawn needs no script to be seen: its hints
    // wait in the page until the app starts, leaving the first photo the bandwidth (ADR 0002).
    pageLinks: (pathname) => (firstScreens(pathname) ? '' : preloadHints(pathname)),
    pageBody: (pathname, html) => withFirstScreen(liveScreens.page(pathname, html), firstScreens(pathname), preloadHints.elements(pathname)),
  });
  server.on('close', () => {
    clearInterval(readAhead);
    liveScreens.stop();
  });
  await listen(server, port, settings.host);
  return server;
}

module.exports = { publicRuntimeConfig, startShellServer };
