// A remote's server: every released version of that remote under
// /<version>/ (immutable, so an open tab still finds the chunks it started
// with), and the first screens of routes that read API data drawn again with
// that data (see first-screens/live-first-screens.cjs). A CDN can serve the
// same folders; it then serves the first screens as built, without data.
const path = require('node:path');
const { createStaticServer, fileInside, listen } = require('./static-server.cjs');
const { createLiveFirstScreens } = require('./first-screens/live-first-screens.cjs');
const { releaseFolder, watchRegistry } = require('./release-registry.cjs');

const VERSIONED = /^\/([A-Za-z0-9._-]+)(\/.*)$/;
const LIVE_VERSIONS = 3;

/**
 * @param {ReturnType<typeof import('./site-settings.cjs').loadSiteSettings>} settings
 * @param {string} name                the remote's federation name, e.g. mfe_menus
 * @param {{ registry?: ReturnType<typeof watchRegistry>, port: number }} options
 */
async function startRemoteServer(settings, name, { registry = watchRegistry(settings.releasesDir), port }) {
  /** @type {Map<string, ReturnType<typeof createLiveFirstScreens>>} version -> live first screens, most recently asked last */
  const live = new Map();
  /** @param {string} version */
  function liveFirstScreens(version) {
    const known = live.get(version);
    if (known !== undefined) {
      live.delete(version);
      live.set(version, known);
      return known;
    }
    const release = registry.current().parts[name]?.releases.find((candidate) => candidate.version === version);
    if (!release) return null;
    let drawing = null;
    try {
      drawing = createLiveFirstScreens({ folder: releaseFolder(settings.releasesDir, name, version), routeData: release.routeData, apiOrigin: settings.apiOrigin });
    } catch (error) {
      // The files as built still serve; only the drawing with data is lost.
      console.error(`${name} ${version}: first screens cannot be drawn with data (${error.message.split('\n')[0]})`);
    }
    live.set(version, drawing);
    if (live.size > LIVE_VERSIONS) {
      const [oldest, stale] = [...live][0];
      stale?.stop();
      live.delete(oldest);
    }
    return drawing;
  }

  const server = createStaticServer({
    root: path.join(settings.releasesDir, name),
    cors: true,
    locate: (pathname) => {
      const match = VERSIONED.exec(pathname);
      return match ? [fileInside(path.join(releaseFolder(settings.releasesDir, name, match[1]), 'dist'), match[2])] : [];
    },
    json: (pathname) => {
      const match = VERSIONED.exec(pathname);
      if (!match || match[2] !== '/first-screens.json') return {};
      const drawn = liveFirstScreens(match[1])?.documents()['/first-screens.json'];
      return drawn ? { [pathname]: drawn } : {};
    },
  });
  server.on('close', () => {
    for (const drawing of live.values()) drawing?.stop();
  });
  await listen(server, port, settings.host);
  return server;
}

module.exports = { startRemoteServer };
