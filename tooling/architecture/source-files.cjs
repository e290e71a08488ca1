// The architecture tests read the project's sources as text: one walk for all of them.
const { readdirSync } = require('node:fs');
const path = require('node:path');

// Installed packages and build output, never sources.
const SKIPPED = new Set(['node_modules', 'dist', '.first-screens', '.prerender']);

/**
 * Every file under `dir` whose name matches `pattern`, build output left out.
 * @param {string} dir
 * @param {RegExp} pattern
 * @returns {string[]}
 */
function sourceFiles(dir, pattern) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (SKIPPED.has(entry.name)) return [];
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full, pattern);
    return pattern.test(entry.name) ? [full] : [];
  });
}

module.exports = { sourceFiles };
