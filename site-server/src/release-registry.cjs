// The release registry: one JSON document (RELEASES_DIR/registry.json) saying,
// for the shell and each remote, which released version is live, where its
// files are (a remote's mf-manifest.json URL: this site's host, another port, a
// CDN) and which routes it serves. Releasing and rolling back are edits of this
// pointer; the servers read it again within a second, so neither rebuilds nor
// restarts anything. Released folders (RELEASES_DIR/<part>/<version>/) are never
// overwritten: an open tab keeps loading the chunks of the version it started with.
const { existsSync, mkdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } = require('node:fs');
const path = require('node:path');
const { IN_EVERY_CANARY, inCanary } = require('./visitor-cohort.cjs');

const REGISTRY_FILE = 'registry.json';
const SHELL = 'shell';
const LOCK_WAIT_MS = 30_000;
const STALE_LOCK_MS = 10 * 60_000;

/**
 * @typedef {{ provides?: { version: string, exports: string[] }, needs?: { range: string, imports: string[] } }} SharedContract  docs/shared-contract.md
 * @typedef {{ title: string, description?: string, index?: boolean, canonical?: string }} PageMeta  what a page says of itself (src/page-meta.ts)
 * @typedef {{ path: string, session: string }} SignedInRead  an API read a route makes as it opens, with the bearer token kept under
 *   the browser-storage key `session` (a JSON object with a `token`)
 * @typedef {{ version: string, name?: string, label?: string, manifest?: string, routes?: string[], routeData?: Record<string, string[]>,
 *   signedInRouteData?: Record<string, SignedInRead[]>, signedInQueryRouteData?: Record<string, Array<{ path: string, session?: string }>>,
 *   pages?: Record<string, PageMeta>, siteName?: string, shareCard?: string, appleTouchIcon?: string, readsInPage?: string[], releasedAt?: string, port?: number, contract?: SharedContract | null }} Release
 *   `port`: where a remote's own server listens; `contract`: the @samgyup/shared its build provides (the shell) or needs (a remote)
 * @typedef {{ at: string, verdict: string, canary: object | null, stable: object | null }} CanaryCheck  the API judge's latest reading of a canary
 * @typedef {{ version: string, percent: number, since: string, lastCheck?: CanaryCheck }} Canary  a newer release live for `percent` of visitors (visitor-cohort.cjs), `current` for the rest
 * @typedef {{ version: string, action: string, at: string, by?: string, reason?: string, figures?: object }} HistoryStep
 *   action: release, rollback, canary, promote or canary-rollback; by: who decided (judge: the API from diners' reports; an admin's email)
 * @typedef {{ by?: string, reason?: string, figures?: object }} Decision  who decided a step, why, and the figures behind it
 * @typedef {{ current: string, releases: Release[], history?: HistoryStep[], canary?: Canary }} PartReleases
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
// A browser-storage key a session is kept under ('user', 'staffSession').
const STORAGE_KEY = /^[A-Za-z][A-Za-z0-9_-]{0,63}$/;

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
 * A release's map from its routes to lists (routeData, signedInRouteData), when it has one.
 * @param {unknown} map @param {string} field @param {string[]} routes
 * @param {(entry: unknown) => boolean} isEntry @param {string} entries  what each list must be, for the message
 * @param {string} where
 */
function checkRouteMap(map, field, routes, isEntry, entries, where) {
  if (map === undefined) return;
  if (!isPlainObject(map)) throw new Error(`${where} has a ${field} that is no object`);
  for (const [route, list] of Object.entries(map)) {
    if (!routes.includes(route)) throw new Error(`${where} has ${field} for ${JSON.stringify(route)}, which is none of its routes`);
    if (!Array.isArray(list) || !list.every(isEntry)) throw new Error(`${where} has ${field} for ${route} that is not ${entries}`);
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
  // What a route reads as it opens: public API paths, and reads with a login (path and storage key).
  checkRouteMap(release.routeData, 'routeData', routes, (read) => typeof read === 'string' && SITE_PATH.test(read), 'a list of API paths', where);
  checkRouteMap(
    release.signedInRouteData,
    'signedInRouteData',
    routes,
    (read) => isPlainObject(read) && typeof read.path === 'string' && SITE_PATH.test(read.path) && typeof read.session === 'string' && STORAGE_KEY.test(read.session),
    'a list of { path, session } (an API path and a storage key)',
    where,
  );
  checkRouteMap(
    release.signedInQueryRouteData,
    'signedInQueryRouteData',
    routes,
    (read) =>
      isPlainObject(read) &&
      typeof read.path === 'string' &&
      SITE_PATH.test(read.path) &&
      (read.session === undefined || (typeof read.session === 'string' && STORAGE_KEY.test(read.session))),
    'a list of { path, session? } (an API path with {parameter} names, and a storage key unless the read is public)',
    where,
  );
}

/**
 * @param {unknown} canary @param {unknown[]} releases @param {unknown} current @param {string} part
 */
function checkCanary(canary, releases, current, part) {
  if (!isPlainObject(canary)) throw new Error(`${part} has a canary that is no object`);
  if (!releases.some((release) => isPlainObject(release) && release.version === canary.version))
    throw new Error(`${part} has a canary ${String(canary.version)}, which is not among its releases`);
  if (canary.version === current) throw new Error(`${part} has its live version ${String(canary.version)} as its canary`);
  if (typeof canary.percent !== 'number' || !(canary.percent > 0 && canary.percent < 100)) throw new Error(`${part} has a canary share that is not between 0 and 100 (percent)`);
  if (typeof canary.since !== 'string' || Number.isNaN(Date.parse(canary.since))) throw new Error(`${part} has a canary with no start time`);
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
      // The documents a shell reads from its pages (documents-in-page.cjs): each a JSON file at the site's root.
      const readsInPage = release.readsInPage;
      if (readsInPage !== undefined && !(Array.isArray(readsInPage) && readsInPage.every((document) => typeof document === 'string' && /^\/[\w-]+\.json$/.test(document)))) {
        throw new Error(`${where} has a readsInPage that is no list of JSON files at the site's root`);
      }
    });
    if (!entry.releases.some((release) => release.version === entry.current)) throw new Error(`${part} points at ${entry.current}, which is not among its releases`);
    if (entry.canary !== undefined) checkCanary(entry.canary, entry.releases, entry.current, part);
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
 * One registry edit at a time (two teams releasing at once, the API's judge): a lock folder next to the registry.
 * @template T
 * @param {string} releasesDir @param {() => Promise<T> | T} edit
 */
async function withRegistryLock(releasesDir, edit) {
  const lock = path.join(releasesDir, '.registry.lock');
  mkdirSync(releasesDir, { recursive: true });
  const deadline = Date.now() + LOCK_WAIT_MS;
  for (;;) {
    try {
      mkdirSync(lock);
      break;
    } catch (error) {
      if (error.code !== 'EEXIST') throw error;
      const heldFor = Date.now() - (statSync(lock, { throwIfNoEntry: false })?.mtimeMs ?? Date.now());
      if (heldFor > STALE_LOCK_MS) rmSync(lock, { recursive: true, force: true });
      else if (Date.now() > deadline) throw new Error(`Another release holds ${lock}; try again when it is done (or remove the folder if no release is running).`);
      else await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
  try {
    return await edit();
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
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
 * The release of `part` a visitor gets: its canary when the visitor's cohort falls in the canary's share, else the live one.
 * Without a cohort (the servers reading ahead, the sitemap) it is the live one.
 * @param {Registry} registry @param {string} part @param {number | undefined} cohort  visitor-cohort.cjs
 * @returns {Release | null}
 */
const releaseFor = (registry, part, cohort) => {
  const canary = registry.parts[part]?.canary;
  if (canary && cohort !== undefined && inCanary(cohort, canary.percent)) return registry.parts[part].releases.find((release) => release.version === canary.version) ?? null;
  return currentRelease(registry, part);
};

/**
 * The remotes the shell loads, as `/remotes.json` gives them to the browser: for a visitor of `cohort`, each
 * canary that visitor is in; without one, the live releases.
 * @param {Registry} registry @param {number} [cohort]
 */
function remotesDocument(registry, cohort) {
  return {
    remotes: Object.keys(registry.parts)
      .filter((part) => part !== SHELL)
      .map((part) => releaseFor(registry, part, cohort))
      .filter((release) => release !== null)
      .map((release) => ({
        // checkRegistry saw to it that a remote's release names itself, its manifest and its routes.
        name: /** @type {string} */ (release.name),
        label: release.label,
        version: release.version,
        manifest: /** @type {string} */ (release.manifest),
        routes: release.routes ?? [],
        ...(release.routeData ? { routeData: release.routeData } : {}),
        ...(release.signedInRouteData ? { signedInRouteData: release.signedInRouteData } : {}),
        ...(release.signedInQueryRouteData ? { signedInQueryRouteData: release.signedInQueryRouteData } : {}),
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
 * Every release a visitor may get of each remote (live and canary): what the servers read ahead.
 * @param {Registry} registry
 */
function everyRemoteVersion(registry) {
  const live = remotesDocument(registry).remotes;
  const canaries = remotesDocument(registry, IN_EVERY_CANARY).remotes.filter((remote) => !live.some((each) => each.name === remote.name && each.version === remote.version));
  return { remotes: [...live, ...canaries] };
}

/**
 * A new registry where `release` of `part` (added to its releases when new) goes live for `percent` of visitors.
 * @param {Registry} registry @param {string} part @param {Release} release @param {number} percent @param {string} [at]
 * @returns {Registry}
 */
function startCanary(registry, part, release, percent, at = new Date().toISOString()) {
  const entry = registry.parts[part];
  if (!entry) throw new Error(`${part} has no live release for a canary to run beside; release it first.`);
  if (entry.canary) throw new Error(`${part} already has a canary (${entry.canary.version} for ${entry.canary.percent}% of visitors); promote it or roll it back first.`);
  if (entry.current === release.version) throw new Error(`${part} ${release.version} is already live for every visitor.`);
  const known = entry.releases.some((candidate) => candidate.version === release.version);
  const releases = known ? entry.releases : [...entry.releases, { ...release, releasedAt: at }];
  const history = [...(entry.history ?? []), { version: release.version, action: 'canary', at, reason: `${percent}% of visitors` }];
  return { ...registry, parts: { ...registry.parts, [part]: { ...entry, releases, history, canary: { version: release.version, percent, since: at } } } };
}

/**
 * Ends the canary of `part`: `promote` makes it live for everyone, `canary-rollback` gives its visitors the live version again.
 * @param {Registry} registry @param {string} part @param {'promote' | 'canary-rollback'} action @param {Decision} [decision] @param {string} [at]
 * @returns {Registry}
 */
function endCanary(registry, part, action, decision = {}, at = new Date().toISOString()) {
  const entry = registry.parts[part];
  const canary = entry?.canary;
  if (!canary) throw new Error(`${part} has no canary running.`);
  const { canary: _ended, ...rest } = entry;
  const step = { version: canary.version, action, at, ...decision };
  return {
    ...registry,
    parts: { ...registry.parts, [part]: { ...rest, current: action === 'promote' ? canary.version : entry.current, history: [...(entry.history ?? []), step] } },
  };
}

/**
 * Keeps the judge's latest reading of the canary of `part` (npm run releases shows it); the registry as it was when
 * that canary has ended or another runs.
 * @param {Registry} registry @param {string} part @param {string} version @param {CanaryCheck} check
 * @returns {Registry}
 */
function recordCanaryCheck(registry, part, version, check) {
  const entry = registry.parts[part];
  if (entry?.canary?.version !== version) return registry;
  return { ...registry, parts: { ...registry.parts, [part]: { ...entry, canary: { ...entry.canary, lastCheck: check } } } };
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
  endCanary,
  everyRemoteVersion,
  liveReleases,
  pointTo,
  previousRelease,
  readRegistry,
  recordCanaryCheck,
  registryFile,
  releaseFolder,
  releaseFor,
  remotesDocument,
  startCanary,
  watchRegistry,
  withRegistryLock,
  writeRegistry,
};
