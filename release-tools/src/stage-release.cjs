// Copies a part's build into the releases folder as an immutable version named
// by its package version and the hash of its files: the same build is the same
// version (staged once), a different build never overwrites another.
const { createHash } = require('node:crypto');
const { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } = require('node:fs');
const path = require('node:path');
const { PROVENANCE_FILE, readProvenance } = require('@samgyup/build-kit');
const { registry, writePrecompressed } = require('@samgyup/site-server');

/** Files that describe a local build, not its content. */
const NOT_CONTENT = new Set(['.built-by-npm-start']);
/** What the build was made from (its time and commit): kept with the release, left out of the version's hash so the same code is the same version. */
const NOT_HASHED = new Set([...NOT_CONTENT, PROVENANCE_FILE]);

/**
 * @param {string} folder @param {string} [prefix]  the sub-folder being listed
 * @returns {string[]}  the files whose content makes the version, relative to `folder`
 */
function filesOf(folder, prefix = '') {
  return readdirSync(path.join(folder, prefix), { withFileTypes: true })
    .flatMap((entry) => {
      const relative = path.join(prefix, entry.name);
      if (entry.isDirectory()) return filesOf(folder, relative);
      return NOT_HASHED.has(entry.name) ? [] : [relative];
    })
    .sort();
}

/** @param {string} folder */
function contentHash(folder) {
  const hash = createHash('sha256');
  for (const file of filesOf(folder))
    hash
      .update(file)
      .update('\0')
      .update(readFileSync(path.join(folder, file)))
      .update('\0');
  return hash.digest('hex').slice(0, 10);
}

/**
 * @param {string} releasesDir
 * @param {ReturnType<typeof import('./part-workspace.cjs').readPartWorkspace>} part
 * @returns {Promise<{ version: string, folder: string, created: boolean, contract: import('@samgyup/site-server/release-registry').SharedContract | null }>}
 */
async function stageRelease(releasesDir, part) {
  if (!part.isBuilt()) throw new Error(`${part.packageName} has no production build: run "npm run build -w ${part.packageName}" first.`);
  const provenance = readProvenance(part.dist);
  if (!provenance) throw new Error(`${part.packageName}'s build does not say what it was built from: run "npm run build -w ${part.packageName}" first.`);
  // The version the build was made as, not what package.json says now (publish refuses a build older than its sources first).
  const version = `${provenance.packageVersion}-${contentHash(part.dist)}`;
  const folder = registry.releaseFolder(releasesDir, part.name, version);
  const contractFile = path.join(part.dist, 'shared-contract.json');
  const contract = existsSync(contractFile) ? JSON.parse(readFileSync(contractFile, 'utf8')) : null;
  if (existsSync(folder)) return { version, folder, created: false, contract };

  const staging = `${folder}.staging-${process.pid}`;
  rmSync(staging, { recursive: true, force: true });
  mkdirSync(staging, { recursive: true });
  cpSync(part.dist, path.join(staging, 'dist'), { recursive: true, filter: (source) => !NOT_CONTENT.has(path.basename(source)) });
  // Compressed once here, at the strongest settings, rather than by the server on each request (docs/deploy.md).
  await writePrecompressed(path.join(staging, 'dist'));
  // The Node renderer of first screens drawn with API data; it runs on the remote's server, never in a browser.
  if (existsSync(part.firstScreensRenderer)) cpSync(part.firstScreensRenderer, path.join(staging, '.first-screens'), { recursive: true });
  const builtFrom = {
    commit: provenance.commit,
    uncommitted: provenance.uncommitted,
    builtAt: provenance.builtAt,
    sourcesHash: provenance.sources.hash,
    shared: { version: provenance.shared.version, hash: provenance.shared.hash },
  };
  writeFileSync(path.join(staging, 'release.json'), `${JSON.stringify({ name: part.name, version, stagedAt: new Date().toISOString(), builtFrom }, null, 2)}\n`);
  renameSync(staging, folder);
  return { version, folder, created: true, contract };
}

module.exports = { contentHash, stageRelease };
