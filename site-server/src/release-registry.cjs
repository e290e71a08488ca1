// The release registry: one JSON document (RELEASES_DIR/registry.json) saying,
// for the shell and each remote, which released version is live, where its
// files are (a remote's mf-manifest.json URL: this site's host, another port, a
// CDN) and which routes it serves. Releasing and rolling back are edits of this
// pointer; the servers read it again within a second, so neither rebuilds nor
// restarts anything. Released folders (RELEASES_DIR/<part>/<version>/) are never
// overwritten: an open tab keeps loading the chunks of the version it started with.
const { existsSync, mkdirSync, readFileSync, renameSync, statSync, writeFileSync } = require('node:fs');
const path = require('node:path');

const REGISTRY_FILE = 'registry.json';
const SHELL = 'shell';

/**
 * @typedef {{ provides?: { version: string, exports: string[] }, needs?: { range: string, imports: string[] } }} SharedContract  docs/shared-contract.md
 * @typedef {{ title: string, description?: string, index?: boolean, canonical?: string }} PageMeta  what a page says of itself (src/page-meta.ts)
 * @typedef {{ version: string, name?: string, label?: string, manifest?: string, routes?: string[], routeData?: Record<string, string[]>,
 *   pages?: Record<string, PageMeta>, siteName?: string, shareCard?: string, appleTouchIcon?: string, releasedAt?: string, port?: number, contract?: SharedContract | null }} Release
 *   `port`: where a remote's own server listens; `contract`: the @samgyup/shared its build provides (the shell) or needs (a remote)
 * @typedef {{ current: string, releases: Release[], history?: Array<{ version: string, action: string, at: string }> }} PartReleases
 * @typedef {{ parts: Record<string, PartReleases> }} Registry
 */

/** @returns {Registry} */
const emptyRegistry = () => ({ parts: {} });
/** @param {string} releasesDir */
const registryFile = (releasesDir) => path.join(releasesDir, REGISTRY_FILE);
/**
 * Where a released version of a part lives: `dist/` is what browsers load, the rest stays on the server.
 * @param {string} releasesDir @param {string} part @param {string} version
 */
const releaseFolder = (releasesDir, part, version) => path.join(releasesDir, part, version);

/** @param {unknown} value @returns {value is Record<string, unknown>} */
const isPlainObject = (value) => typeof value === 'object' && value !== null && !Array.isArray(value);
// Part names and versions name folders (releaseFolder): nothing that climbs out of RELEASES_DIR.
const PART_NAME = /^[A-Za-z][A-Za-z0-9_-]{0,63}$/;
const VERSION = /^[A-Za-z0-9][A-Za-z0-9._+-]{0,127}$/;
// A page path ('/promos', '/reservation/:id') or an API path a route reads ('/api/inventory/menu/unlimited?x=1').
const SITE_PATH = /^\/(?!\/)[^\s\\]*$/;

/** @param {unknown} value @param {string} where */
function checkManifestUrl(value, where) {
  let url = null;
  try {
    url = typeof value === 'string' ? new URL(value) : null;
  } catch {
    // not a URL: reported below
  }
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:')) throw new Error(`${where} has a manifest that is no http(s) URL`);
}

/**
 * What each page says of itself (src/page-meta.ts of the part): the pages' heads
 * and the sitemap read these fields, so each has the shape they write.
 * @param {unknown} pages @param {string} where
 */
function checkPages(pages, where) {
  if (pages === undefined) return;
  if (!isPlainObject(pages)) throw new Error(`${where} has pages that are no object`);
  for (const [route, meta] of Object.entries(pages)) {
    if (!SITE_PATH.test(route) || !isPlainObject(meta) || typeof meta.title !== 'string') throw new Error(`${where} has page meta for ${JSON.stringify(route)} without a title`);
    if (meta.description !== undefined && typeof meta.description !== 'string') throw new Error(`${where} has a description of ${route} that is no text`);
    if (meta.index !== undefined && typeof meta.index !== 'boolean') throw new Error(`${where} says of ${route} whether to index it in no yes-or-no`);
    if (meta.canonical !== undefined && !(typeof meta.canonical === 'string' && SITE_PATH.test(meta.canonical)))
      throw new Error(`${where} has a canonical of ${route} that is no path`);
  }
}

/**
 * A remote's release: what /remotes.json, the preload hints and the first screens read of it.
 * @param {Record<string, unknown>} release @param {string} where
 */
function checkRemoteRelease(release, where) {
  if (typeof release.name !== 'string' || !PART_NAME.test(release.name)) throw new Error(`${where} has no name`);
  if (release.label !== undefined && typeof release.label !== 'string') throw new Error(`${where} has a label that is no text`);
  checkManifestUrl(release.manifest, where);
  const routes = release.routes;
  if (!Array.isArray(routes) || !routes.every((route) => typeof route === 'string' && SITE_PATH.test(route))) {
    throw new Error(`${where} has routes that are not all paths such as "/promos"`);
  }
  if (release.routeData === undefined) return;
  if (!isPlainObject(release.routeData)) throw new Error(`${where} has a routeData that is no object`);
  for (const [route, paths] of Object.entries(release.routeData)) {
    if (!routes.includes(route)) throw new Error(`${where} has routeData for ${JSON.stringify(route)}, which is none of its routes`);
    if (!Array.isArray(paths) || !paths.every((dataPath) => typeof dataPath === 'string' && SITE_PATH.test(dataPath))) {
      throw new Error(`${where} has routeData for ${route} that is not a list of API paths`);
    }
  }
}

/**
 * Throws with a readable reason when the document is not a registry the servers
 * can follow: every field they read has the shape they read it in, so an edit
 * that passes can neither stop a server nor make a page fail.
 * @param {unknown} document
 * @returns {Registry}
 */
function checkRegistry(document) {
  if (!isPlainObject(document) || !isPlainObject(document.parts)) throw new Error('the registry has no "parts" object');
  for (const [part, entry] of Object.entries(document.parts)) {
    if (!PART_NAME.test(part)) throw new Error(`${JSON.stringify(part)} is no part name`);
    if (!isPlainObject(entry) || !Array.isArray(entry.releases)) throw new Error(`${part} has no "releases" list`);
    if (entry.history !== undefined && !Array.isArray(entry.history)) throw new Error(`${part} has a "history" that is no list`);
    entry.releases.forEach((release, index) => {
      const where = `release ${index + 1} of ${part}`;
      if (!isPlainObject(release) || typeof release.version !== 'string' || !VERSION.test(release.version)) throw new Error(`${where} has no version`);
      if (part !== SHELL) checkRemoteRelease(release, `${where} (${release.version})`);
      checkPages(release.pages, `${where} (${release.version})`);
      for (const field of ['siteName', 'shareCard', 'appleTouchIcon']) {
        if (release[field] !== undefined && typeof release[field] !== 'string') throw new Error(`${where} has a ${field} that is no text`);
      }
    });
    if (!entry.releases.some((release) => release.version === entry.current)) throw new Error(`${part} points at ${entry.current}, which is not among its releases`);
  }
  return /** @type {Registry} */ (document);
}

/** @param {string} releasesDir */
function readRegistry(releasesDir) {
  const file = registryFile(releasesDir);
  if (!existsSync(file)) return emptyRegistry();
  return checkRegistry(JSON.parse(readFileSync(file, 'utf8')));
}

/**
 * Written whole and renamed into place, so a reader never sees half a registry.
 * @param {string} releasesDir @param {Registry} registry
 */
function writeRegistry(releasesDir, registry) {
  checkRegistry(registry);
  mkdirSync(releasesDir, { recursive: true });
  const file = registryFile(releasesDir);
  const temporary = `${file}.${process.pid}.tmp`;
  writeFileSync(temporary, `${JSON.stringify(registry, null, 2)}\n`);
  renameSync(temporary, file);
}

/**
 * The registry as it is on disk, looked at again at most every `intervalMs` when
 * asked for. A broken edit keeps the last good registry (and says why once).
 * @param {string} releasesDir
 * @param {{ intervalMs?: number, log?: Pick<Console, 'error'> }} [options]
 */
function watchRegistry(releasesDir, { intervalMs = 250, log = console } = {}) {
  const file = registryFile(releasesDir);
  let registry = emptyRegistry();
  /** @type {string | null} the file's stamp when last read */
  let seen = null;
  let checkedAt = 0;
  function current() {
    const now = Date.now();
    if (now - checkedAt < intervalMs) return registry;
    checkedAt = now;
    let stamp = 'missing';
    try {
      const info = statSync(file);
      stamp = `${info.mtimeMs}:${info.size}:${info.ino}`;
    } catch {
      // no registry yet: nothing is released
    }
    if (stamp === seen) return registry;
    seen = stamp;
    try {
      registry = readRegistry(releasesDir);
    } catch (error) {
      log.error(`The release registry ${file} cannot be used (${error.message}); the servers keep the last good one.`);
    }
    return registry;
  }
  return { current, file };
}

/** @param {Registry} registry @param {string} part @returns {Release | null} */
const currentRelease = (registry, part) => {
  const entry = registry.parts[part];
  return entry ? (entry.releases.find((release) => release.version === entry.current) ?? null) : null;
};

/**
 * The remotes the shell loads, as `/remotes.json` gives them to the browser.
 * @param {Registry} registry
 */
function remotesDocument(registry) {
  return {
    remotes: Object.keys(registry.parts)
      .filter((part) => part !== SHELL)
      .map((part) => currentRelease(registry, part))
      .filter((release) => release !== null)
      .map((release) => ({
        // checkRegistry saw to it that a remote's release names itself, its manifest and its routes.
        name: /** @type {string} */ (release.name),
        label: release.label,
        version: release.version,
        manifest: /** @type {string} */ (release.manifest),
        routes: release.routes ?? [],
        ...(release.routeData ? { routeData: release.routeData } : {}),
        // The browser names each page in its tab (document.title) as the release declares it.
        ...(release.pages ? { titles: pageTitles(release.pages) } : {}),
      })),
  };
}

/**
 * route -> title, of a release's page meta.
 * @param {Record<string, PageMeta>} pages
 */
function pageTitles(pages) {
  return Object.fromEntries(
    Object.entries(pages)
      .filter(([, meta]) => typeof meta?.title === 'string')
      .map(([route, meta]) => [route, meta.title]),
  );
}

/**
 * The live release of every part, the shell's first: what the sitemap and the pages' heads read.
 * @param {Registry} registry
 */
function liveReleases(registry) {
  const parts = Object.keys(registry.parts);
  return [SHELL, ...parts.filter((part) => part !== SHELL)].map((part) => currentRelease(registry, part)).filter((release) => release !== null);
}

/**
 * A new registry with `part` pointing at `release` (added to its releases when new, updated when known).
 * @param {Registry} registry @param {string} part @param {Release} release @param {string} action @param {string} [at]
 * @returns {Registry}
 */
function pointTo(registry, part, release, action, at = new Date().toISOString()) {
  const entry = registry.parts[part] ?? { current: release.version, releases: [], history: [] };
  const known = entry.releases.some((candidate) => candidate.version === release.version);
  const releases = known
    ? entry.releases.map((candidate) => (candidate.version === release.version ? { ...candidate, ...release } : candidate))
    : [...entry.releases, { ...release, releasedAt: at }];
  const history = [...(entry.history ?? []), { version: release.version, action, at }];
  return { ...registry, parts: { ...registry.parts, [part]: { current: release.version, releases, history } } };
}

/**
 * The release of `part` listed before its current one: what a rollback goes back to.
 * @param {Registry} registry @param {string} part
 */
function previousRelease(registry, part) {
  const entry = registry.parts[part];
  if (!entry) return null;
  const index = entry.releases.findIndex((release) => release.version === entry.current);
  return index > 0 ? entry.releases[index - 1] : null;
}

module.exports = {
  SHELL,
  checkRegistry,
  currentRelease,
  emptyRegistry,
  liveReleases,
  pointTo,
  previousRelease,
  readRegistry,
  registryFile,
  releaseFolder,
  remotesDocument,
  watchRegistry,
  writeRegistry,
};
