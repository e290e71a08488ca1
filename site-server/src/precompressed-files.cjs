// A release's text files compressed once, at the strongest settings, as it is staged: `<file>.br`
// (brotli 11) and `<file>.gz` (gzip 9) beside each. nginx sends them as they are (gzip_static,
// brotli_static; docs/deploy.md) instead of gzip at level 1 on every request, and this package's
// static server takes them instead of compressing the file itself.
const { readdir, readFile, stat, writeFile } = require('node:fs/promises');
const path = require('node:path');
const { promisify } = require('node:util');
const { brotliCompress, gzip, constants: zlibConstants } = require('node:zlib');

/** Extensions worth compressing: text. */
const COMPRESSIBLE = new Set(['.html', '.js', '.mjs', '.css', '.json', '.map', '.svg', '.txt', '.webmanifest', '.xml']);
/** The name a file compressed ahead takes, by content encoding. */
const PRECOMPRESSED_SUFFIX = { br: '.br', gzip: '.gz' };
// Source maps are asked for by developer tools only, and are most of a build's bytes: left to compress on request.
const NOT_AHEAD = new Set(['.map']);
// Below this a compressed file saves less than its headers cost.
const SMALLEST = 512;

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * `raw` at brotli's strongest setting, on zlib's thread pool: about 7 % smaller than quality 9,
 * but half a second for React's chunk, too long to make a request or the event loop wait.
 * @param {Buffer} raw @returns {Promise<Buffer>}
 */
const brotliStrongest = (raw) =>
  brotli(raw, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: zlibConstants.BROTLI_MAX_QUALITY, [zlibConstants.BROTLI_PARAM_SIZE_HINT]: raw.length } });

/**
 * The file's strongest brotli and gzip bodies (the thread pool works on several files at once).
 * @param {Buffer} raw @returns {Promise<{ br: Buffer, gzip: Buffer }>}
 */
async function compressAhead(raw) {
  const [br, gz] = await Promise.all([brotliStrongest(raw), gzipAsync(raw, { level: zlibConstants.Z_BEST_COMPRESSION })]);
  return { br, gzip: gz };
}

/** @param {string} folder @returns {Promise<string[]>} every file under `folder` */
async function filesUnder(folder) {
  const entries = await readdir(folder, { withFileTypes: true });
  const nested = await Promise.all(
    entries.map((entry) => (entry.isDirectory() ? filesUnder(path.join(folder, entry.name)) : entry.isFile() ? [path.join(folder, entry.name)] : [])),
  );
  return nested.flat();
}

/**
 * Writes `<file>.br` and `<file>.gz` beside each text file under `folder` that is worth it; a compressed
 * body no smaller than the file is not written. Returns how many bytes the files were and are (brotli).
 * @param {string} folder
 * @returns {Promise<{ files: number, rawBytes: number, brotliBytes: number }>}
 */
async function writePrecompressed(folder) {
  const candidates = (await filesUnder(folder)).filter((file) => COMPRESSIBLE.has(path.extname(file)) && !NOT_AHEAD.has(path.extname(file)));
  const totals = { files: 0, rawBytes: 0, brotliBytes: 0 };
  await Promise.all(
    candidates.map(async (file) => {
      if ((await stat(file)).size < SMALLEST) return;
      const raw = await readFile(file);
      const bodies = await compressAhead(raw);
      const written = [];
      for (const [encoding, body] of /** @type {Array<['br' | 'gzip', Buffer]>} */ (Object.entries(bodies)))
        if (body.length < raw.length) written.push(writeFile(`${file}${PRECOMPRESSED_SUFFIX[encoding]}`, body));
      await Promise.all(written);
      totals.files += 1;
      totals.rawBytes += raw.length;
      totals.brotliBytes += Math.min(bodies.br.length, raw.length);
    }),
  );
  return totals;
}

/**
 * The body compressed ahead for `file` in `encoding`, when there is one as new as the file; null otherwise.
 * @param {string} file @param {number} fileMtimeMs @param {'br' | 'gzip'} encoding
 * @returns {Promise<Buffer | null>}
 */
async function readPrecompressed(file, fileMtimeMs, encoding) {
  const compressed = `${file}${PRECOMPRESSED_SUFFIX[encoding]}`;
  try {
    // One written before the file was changed again holds the old content.
    if ((await stat(compressed)).mtimeMs < fileMtimeMs) return null;
    return await readFile(compressed);
  } catch {
    return null;
  }
}

module.exports = { COMPRESSIBLE, PRECOMPRESSED_SUFFIX, brotliStrongest, readPrecompressed, writePrecompressed };
