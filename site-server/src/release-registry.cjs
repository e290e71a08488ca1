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

const emptyRegistry = () => ({ parts: {} });
const registryFile = (releasesDir) => path.join(releasesDir, REGISTRY_FILE);
/** Where a released version of a part lives: `dist/` is what browsers load, the rest stays on the server. */
const releaseFolder = (releasesDir, part, version) => path.join(releasesDir, part, version);

/** Throws with a readable reason when the document is not a registry. */
function checkRegistry(document) {
  if (!document || typeof document !== 'object' || typeof document.parts !== 'object' || document.parts === null) {
    throw new Error('the registry has no "parts" object');
  }
  for (const [part, entry] of Object.entries(document.parts)) {
    if (!Array.isArray(entry?.releases)) throw new Error(`${part} has no "releases" list`);
    if (!entry.releases.some((release) => release?.version === entry.current)) throw new Error(`${part} points at ${entry.current}, which is not among its releases`);
    if (part !== SHELL && !entry.releases.every((release) => typeof release.manifest === 'string' && Array.isArray(release.routes))) {
      throw new Error(`a release of ${part} has no manifest URL or routes`);
    }
  }
  return document;
}

function readRegistry(releasesDir) {
  const file = registryFile(releasesDir);
  if (!existsSync(file)) return emptyRegistry();
  return checkRegistry(JSON.parse(readFileSync(file, 'utf8')));
}

/** Written whole and renamed into place, so a reader never sees half a registry. */
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
 */
function watchRegistry(releasesDir, { intervalMs = 250, log = console } = {}) {
  const file = registryFile(releasesDir);
  let registry = emptyRegistry();
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

const currentRelease = (registry, part) => {
  const entry = registry.parts[part];
  return entry ? entry.releases.find((release) => release.version === entry.current) ?? null : null;
};

/** The remotes the shell loads, as `/remotes.json` gives them to the browser. */
function remotesDocument(registry) {
  return {
    remotes: Object.keys(registry.parts)
      .filter((part) => part !== SHELL)
      .map((part) => currentRelease(registry, part))
      .filter(Boolean)
      .map((release) => ({
        name: release.name,
        label: release.label,
        version: release.version,
        manifest: release.manifest,
        routes: release.routes,
        ...(release.routeData ? { routeData: release.routeData } : {}),
        // The browser names each page in its tab (document.title) as the release declares it.
        ...(release.pages ? { titles: pageTitles(release.pages) } : {}),
      })),
  };
}

/** route -> title, of a release's page meta. */
function pageTitles(pages) {
  return Object.fromEntries(Object.entries(pages).filter(([, meta]) => typeof meta?.title === 'string').map(([route, meta]) => [route, meta.title]));
}

/** The live release of every part, the shell's first: what the sitemap and the pages' heads read. */
function liveReleases(registry) {
  const parts = Object.keys(registry.parts);
  return [SHELL, ...parts.filter((part) => part !== SHELL)].map((part) => currentRelease(registry, part)).filter(Boolean);
}

/** A new registry with `part` pointing at `release` (added to its releases when new, updated when known). */
function pointTo(registry, part, release, action, at = new Date().toISOString()) {
  const entry = registry.parts[part] ?? { current: release.version, releases: [], history: [] };
  const known = entry.releases.some((candidate) => candidate.version === release.version);
  const releases = known
    ? entry.releases.map((candidate) => (candidate.version === release.version ? { ...candidate, ...release } : candidate))
    : [...entry.releases, { ...release, releasedAt: at }];
  const history = [...(entry.history ?? []), { version: release.version, action, at }];
  return { ...registry, parts: { ...registry.parts, [part]: { current: release.version, releases, history } } };
}

/** The release of `part` listed before its current one: what a rollback goes back to. */
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
