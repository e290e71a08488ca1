// What a build was made from: the hash of every source file of the part and of
// the shared library, the commit and whether files were uncommitted. The build
// writes it into dist/build-provenance.json; a release compares it with the
// sources as they are now and refuses a build that is not the code it names.
const { execFileSync } = require('node:child_process');
const { createHash } = require('node:crypto');
const { existsSync, readdirSync, readFileSync } = require('node:fs');
const path = require('node:path');

const FILE_NAME = 'build-provenance.json';

/** Folders and files that a build does not read: outputs, caches, tests and prose. */
const NOT_SOURCE_FOLDER = /^(node_modules|dist|coverage|\..*)$/;
const NOT_SOURCE_FILE = /(\.test\.[cm]?[jt]sx?|\.md|\.tsbuildinfo|^jest\.config\.[cm]?js)$/;

/** @param {string} folder  @returns {string[]} the part's source files, relative, sorted */
function sourceFiles(folder, prefix = '') {
  return readdirSync(path.join(folder, prefix), { withFileTypes: true })
    .flatMap((entry) => {
      const relative = path.posix.join(prefix, entry.name);
      if (entry.isDirectory()) return NOT_SOURCE_FOLDER.test(entry.name) ? [] : sourceFiles(folder, relative);
      return entry.isFile() && !NOT_SOURCE_FILE.test(entry.name) ? [relative] : [];
    })
    .sort();
}

/** @param {string} folder  @returns {{ hash: string, files: Record<string, string> }} */
function hashSources(folder) {
  /** @type {Record<string, string>} */
  const files = {};
  const whole = createHash('sha256');
  for (const file of sourceFiles(folder)) {
    files[file] = createHash('sha256')
      .update(readFileSync(path.join(folder, file)))
      .digest('hex')
      .slice(0, 16);
    whole.update(`${file}\0${files[file]}\0`);
  }
  return { hash: whole.digest('hex').slice(0, 16), files };
}

/**
 * The shared library a part builds against (its copy, as the part resolves it: the entry is src/index.ts).
 * @param {string} partFolder
 */
function sharedFolderOf(partFolder) {
  try {
    return path.dirname(path.dirname(require.resolve('@samgyup/shared', { paths: [partFolder] })));
  } catch {
    // A copy of a build outside the repository cannot be compared with its sources.
    throw new Error(`@samgyup/shared does not resolve from ${partFolder}: build and release a part from its workspace in the repository (npm run release -w <workspace>).`);
  }
}

/**
 * @param {string} folder
 * @param {string[]} paths
 * @returns {{ commit: string | null, uncommitted: boolean | null }}
 */
function gitStateOf(folder, paths) {
  const git = (/** @type {string[]} */ args) => execFileSync('git', args, { cwd: folder, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  try {
    return { commit: git(['rev-parse', 'HEAD']), uncommitted: git(['status', '--porcelain', '--', ...paths]) !== '' };
  } catch {
    return { commit: null, uncommitted: null }; // not a git checkout (a copy of the sources)
  }
}

/**
 * What the build of the part in `partFolder` is made from, as it is now.
 * @param {string} partFolder
 */
function currentProvenance(partFolder) {
  const pkg = JSON.parse(readFileSync(path.join(partFolder, 'package.json'), 'utf8'));
  const sharedFolder = sharedFolderOf(partFolder);
  const shared = hashSources(sharedFolder);
  return {
    part: pkg.name,
    packageVersion: pkg.version,
    sources: hashSources(partFolder),
    shared: { version: JSON.parse(readFileSync(path.join(sharedFolder, 'package.json'), 'utf8')).version, hash: shared.hash, files: shared.files },
    ...gitStateOf(partFolder, [partFolder, sharedFolder]),
    builtAt: new Date().toISOString(),
  };
}

/** @param {Record<string, string>} before  @param {Record<string, string>} now  @returns {string[]} */
function changedFiles(before, now) {
  const names = new Set([...Object.keys(before), ...Object.keys(now)]);
  return [...names].filter((name) => before[name] !== now[name]).sort();
}

/**
 * Why the build in `partFolder`/dist is not the code of its sources now, or null
 * when it is. Each reason names the files and says what to do.
 * @param {string} partFolder
 * @returns {string | null}
 */
function staleBuildReason(partFolder) {
  const file = path.join(partFolder, 'dist', FILE_NAME);
  const pkgName = JSON.parse(readFileSync(path.join(partFolder, 'package.json'), 'utf8')).name;
  const rebuild = `run "npm run build -w ${pkgName}", then release again`;
  if (!existsSync(file)) return `The build of ${pkgName} does not say what it was built from (it was made before builds recorded their sources): ${rebuild}.`;
  const built = JSON.parse(readFileSync(file, 'utf8'));
  const now = currentProvenance(partFolder);
  const list = (/** @type {string[]} */ names) => names.slice(0, 5).join(', ') + (names.length > 5 ? ` and ${names.length - 5} more` : '');
  const partChanges = changedFiles(built.sources.files, now.sources.files);
  if (partChanges.length) return `The build of ${pkgName} is older than its sources (changed since it was built: ${list(partChanges)}): ${rebuild}.`;
  const sharedChanges = changedFiles(built.shared.files, now.shared.files);
  if (sharedChanges.length) return `The build of ${pkgName} was made against another state of @samgyup/shared (changed since: ${list(sharedChanges)}): ${rebuild}.`;
  return null;
}

/** @param {string} distFolder */
function readProvenance(distFolder) {
  const file = path.join(distFolder, FILE_NAME);
  return existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : null;
}

module.exports = { FILE_NAME, currentProvenance, readProvenance, sourceFiles, staleBuildReason };
