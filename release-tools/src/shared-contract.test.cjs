const { registry: registryTools } = require('@samgyup/site-server');
const { contractProblems } = require('./shared-contract.cjs');

const { emptyRegistry, pointTo } = registryTools;
/** @param {string} version @param {string[]} exports */
const shell = (version, exports) => ({ name: 'shell', version: `${version}-shell`, contract: { provides: { version, exports } } });
/** @param {string} name @param {string} range @param {string[]} imports */
const remote = (name, range, imports) => ({
  name,
  label: name,
  version: '1.0.0-x',
  manifest: `http://x/${name}/mf-manifest.json`,
  routes: [`/${name}`],
  contract: { needs: { range, imports } },
});
/** @param {...import('@samgyup/site-server/release-registry').Release & { name: string }} parts */
const site = (...parts) => parts.reduce((registry, part) => pointTo(registry, part.name, part, 'release'), emptyRegistry());

describe('the @samgyup/shared contract', () => {
  it('holds when the shell provides a version in range with every name each remote imports', () => {
    expect(contractProblems(site(shell('1.1.0', ['Link', 'formatPesos', 'formatPartySize']), remote('mfe_menus', '^1.0.0', ['Link', 'formatPesos'])))).toEqual([]);
  });

  it('is broken by a remote that needs a newer shared than the shell provides', () => {
    const problems = contractProblems(site(shell('1.0.0', ['Link']), remote('mfe_reservation', '^1.1.0', ['Link'])));
    expect(problems).toEqual([expect.stringMatching(/^mfe_reservation 1\.0\.0-x needs @samgyup\/shared \^1\.1\.0, but the shell 1\.0\.0-shell provides 1\.0\.0\./)]);
    // A major version apart is a break too, in either direction.
    expect(contractProblems(site(shell('2.0.0', ['Link']), remote('mfe_menus', '^1.0.0', ['Link'])))).toHaveLength(1);
  });

  it('is broken by a shell that no longer exports a name a remote imports, whatever the version says', () => {
    const problems = contractProblems(site(shell('1.0.1', ['Link', 'formatDateLong']), remote('mfe_reviews', '^1.0.0', ['Link', 'formatLongDate'])));
    expect(problems).toEqual([expect.stringContaining('mfe_reviews 1.0.0-x uses formatLongDate from @samgyup/shared, which the shell 1.0.1-shell (shared 1.0.1) does not export')]);
  });

  it('holds while no shell is released, and asks for a rebuild of a shell that predates contracts', () => {
    expect(contractProblems(site(remote('mfe_menus', '^1.0.0', ['Link'])))).toEqual([]);
    expect(contractProblems(site({ name: 'shell', version: 'old' }, remote('mfe_menus', '^1.0.0', ['Link'])))).toEqual([expect.stringContaining('rebuild and release the shell')]);
  });
});
