// The contract of @samgyup/shared between the deployed parts (docs/shared-contract.md):
// the shell provides one copy on the page; every remote's build says the version
// range it needs and each name it imports. A registry in which some remote would
// get a copy outside its range, or without a name it uses, breaks that remote.
const semver = require('semver');
const { registry: registryTools } = require('@samgyup/site-server');

const { SHELL, currentRelease } = registryTools;

/**
 * @param {import('@samgyup/site-server/release-registry').Registry} registry  the registry as it would be
 * @returns {string[]}  one sentence per broken remote (none: the parts fit)
 */
function contractProblems(registry) {
  const shell = currentRelease(registry, SHELL);
  const provided = shell?.contract?.provides;
  if (!shell) return [];
  if (!provided) return [`The shell ${shell.version} does not say which @samgyup/shared it provides (built before shared contracts): rebuild and release the shell.`];
  const exported = new Set(provided.exports);
  const problems = [];
  for (const part of Object.keys(registry.parts)) {
    if (part === SHELL) continue;
    const remote = currentRelease(registry, part);
    const needs = remote?.contract?.needs;
    if (!needs) continue;
    if (!semver.satisfies(provided.version, needs.range)) {
      problems.push(
        `${part} ${remote.version} needs @samgyup/shared ${needs.range}, but the shell ${shell.version} provides ${provided.version}. ` +
          `Release a shell built with a @samgyup/shared in that range first (a newer shared must keep every export), then ${part}.`,
      );
      continue;
    }
    const missing = needs.imports.filter((/** @type {string} */ name) => !exported.has(name));
    if (missing.length > 0) {
      problems.push(
        `${part} ${remote.version} uses ${missing.join(', ')} from @samgyup/shared, which the shell ${shell.version} (shared ${provided.version}) does not export. ` +
          `Keep ${missing.length === 1 ? 'that export' : 'those exports'} in @samgyup/shared until ${part} is released without ${missing.length === 1 ? 'it' : 'them'}.`,
      );
    }
  }
  return problems;
}

module.exports = { contractProblems };
