// The stylesheets a route's first screen links (each blocks the page's first paint): those the
// remote's exposed module waits for, then the route's own from page-files.json, which is what
// the page loads when it runs. A route the build could not follow to its chunks gets every
// stylesheet of the remote.

/**
 * @typedef {{ exposes?: { assets?: { css?: { sync?: string[], async?: string[] } } }[] }} FederationManifest  the remote's mf-manifest.json
 * @typedef {{ pages?: Record<string, string[]> }} PageFiles  the remote's page-files.json
 */

/**
 * @param {FederationManifest} manifest @param {PageFiles | null} pageFiles @param {string} route
 * @returns {string[]} file names in the remote's dist, each once, in the order the page applies them
 */
function firstScreenStyles(manifest, pageFiles, route) {
  const exposes = manifest.exposes ?? [];
  const exposed = exposes.flatMap((expose) => expose.assets?.css?.sync ?? []);
  const own = pageFiles?.pages?.[route];
  if (!own) return [...new Set([...exposed, ...exposes.flatMap((expose) => expose.assets?.css?.async ?? [])])];
  return [...new Set([...exposed, ...own.filter((file) => file.endsWith('.css'))])];
}

module.exports = { firstScreenStyles };
