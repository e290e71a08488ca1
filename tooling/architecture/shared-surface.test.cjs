// The surface of @samgyup/shared (docs/shared-contract.md): the entry points the
// guide documents are exactly package.json's `exports`, the parts import only
// those, and no part imports a deprecated root name (shared/src/deprecated.ts),
// which stays exported only for remotes deployed before it was deprecated.
const { readFileSync } = require('node:fs');
const path = require('node:path');
const { repoRoot } = require('@samgyup/dev-site');
const { sourceFiles } = require('./source-files.cjs');

const sharedDir = path.join(repoRoot, 'shared');
const exported = Object.keys(JSON.parse(readFileSync(path.join(sharedDir, 'package.json'), 'utf8')).exports).map((key) =>
  key === '.' ? '@samgyup/shared' : `@samgyup/shared/${key.slice(2)}`,
);
/** @type {string[]} */
const workspaces = JSON.parse(readFileSync(path.join(repoRoot, 'package.json'), 'utf8')).workspaces;
const PARTS = [...workspaces.filter((folder) => folder !== 'shared'), 'e2e/fixtures/seasonal-remote'];

/** Every `import … from '@samgyup/shared…'` (and re-export) of the parts: the file, the entry point, the names. */
const imports = PARTS.flatMap((part) => sourceFiles(path.join(repoRoot, part), /\.(tsx?|cjs|mjs)$/)).flatMap((file) =>
  [...readFileSync(file, 'utf8').matchAll(/(?:import|export)\s+(?:type\s+)?(?:\{([^}]*)\}\s+from\s+)?['"](@samgyup\/shared[^'"]*)['"]/g)].map((match) => ({
    file: path.relative(repoRoot, file),
    entry: match[2],
    names: (match[1] ?? '')
      .split(',')
      .map(
        (name) =>
          name
            .trim()
            .replace(/^type\s+/, '')
            .split(/\s+as\s+/)[0],
      )
      .filter(Boolean),
  })),
);

describe('the surface of @samgyup/shared', () => {
  it('finds the imports it checks', () => {
    expect(imports.filter((found) => found.entry === '@samgyup/shared').length).toBeGreaterThan(50);
  });

  it('documents exactly the entry points package.json exports', () => {
    const guide = readFileSync(path.join(repoRoot, 'docs', 'shared-contract.md'), 'utf8');
    const section = guide.split(/^## /m).find((part) => part.startsWith('Entry points\n')) ?? '';
    const documented = [...section.matchAll(/^\| `(@samgyup\/shared[^`]*)`/gm)].map((match) => match[1]);
    expect(documented.sort()).toEqual([...exported].sort());
  });

  it('is imported by the parts only through those entry points', () => {
    expect(imports.filter((found) => !exported.includes(found.entry)).map((found) => `${found.file}: ${found.entry}`)).toEqual([]);
  });

  it('keeps its deprecated root names for deployed remotes only: no part imports one', () => {
    const deprecatedSource = readFileSync(path.join(sharedDir, 'src', 'deprecated.ts'), 'utf8');
    const deprecated = [
      ...[...deprecatedSource.matchAll(/^export const (\w+)/gm)].map((match) => match[1]),
      ...[...deprecatedSource.matchAll(/^export (?:type )?\{([^}]*)\}/gm)].flatMap((match) =>
        match[1]
          .split(',')
          .map((name) => name.trim().replace(/^type\s+/, ''))
          .filter(Boolean),
      ),
    ];
    expect(deprecated).toEqual(expect.arrayContaining(['REFILL_TICK_MS', 'refillNotes', 'ManagedReservation', 'LIVE_RETRY_AFTER_POLLING_MS']));
    const offenders = imports
      .filter((found) => found.entry === '@samgyup/shared')
      .flatMap((found) => found.names.filter((name) => deprecated.includes(name)).map((name) => `${found.file}: ${name}`));
    expect(offenders).toEqual([]);
  });
});
