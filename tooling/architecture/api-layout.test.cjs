// The API's layout rules: SQL lives in repositories (and the database layer that
// runs it); routes, plugins and services call repository functions by name.
// Workflows (a transaction, its audit entry, live events, notices) are domain
// services: a route parses, authorizes and calls one.
// Imports flow one way: routes -> services -> repositories -> db, with lib/
// (HTTP and crypto helpers) below services; a route folder never reaches into
// another's files, so each resource's routes can change on their own.
const { readFileSync } = require('node:fs');
const path = require('node:path');
const { repoRoot } = require('@samgyup/dev-site');
const { sourceFiles } = require('./source-files.cjs');

const apiSource = path.join(repoRoot, 'api', 'src');
// Test code and the chaos tests set up and inspect data with SQL of their own.
const MAY_HOLD_SQL = [/^repositories[\\/]/, /^db[\\/]/, /^test[\\/]/, /^chaos[\\/]/, /\.test\.ts$/];
const TYPESCRIPT = /\.ts$/;
const RUNS_SQL = /\.query\s*(<[^>]*>)?\s*\(/;
// `db.transaction(`, however the call is wrapped or spaced.
const OPENS_TRANSACTION = /\.\s*transaction\s*(<[^>]*>)?\s*\(/;

const IMPORT = /(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|import\s*\(\s*['"]([^'"]+)['"]\s*\)/gm;

/**
 * Every relative import of the API's source (tests included), both paths relative to api/src.
 * @returns {RelativeImport[]}
 */
function relativeImports() {
  return sourceFiles(apiSource, TYPESCRIPT).flatMap((full) => {
    const file = path.relative(apiSource, full);
    return [...readFileSync(full, 'utf8').matchAll(IMPORT)]
      .map((match) => match[1] ?? match[2])
      .filter((request) => request.startsWith('.'))
      .map((request) => ({ file, target: path.relative(apiSource, path.resolve(path.dirname(full), request)) }));
  });
}

/** @typedef {{ file: string, target: string }} RelativeImport */

/** @param {string} file */
const topFolder = (file) => file.split(path.sep)[0];
/** @param {string} file */
const routeFolder = (file) => (topFolder(file) === 'routes' ? file.split(path.sep)[1] : null);
/** @param {RelativeImport} relativeImport */
const described = ({ file, target }) => `${file} imports ${target}`;

describe('API layout', () => {
  it('finds the imports it checks', () => {
    const imports = relativeImports();
    expect(imports.filter(({ file }) => routeFolder(file)).length).toBeGreaterThan(100);
    expect(imports.some(({ file, target }) => topFolder(file) === 'routes' && topFolder(target) === 'services')).toBe(true);
  });

  it("keeps each route folder to itself: no route folder imports another one's files", () => {
    const crossing = relativeImports().filter(({ file, target }) => routeFolder(file) && routeFolder(target) && routeFolder(file) !== routeFolder(target));
    expect(crossing.map(described)).toEqual([]);
  });

  it.each([
    ['lib', ['services', 'routes', 'plugins', 'repositories']],
    ['repositories', ['services', 'routes', 'plugins']],
    ['services', ['routes']],
    ['plugins', ['routes']],
  ])('%s/ imports nothing from %j', (folder, forbidden) => {
    const upward = relativeImports().filter(({ file, target }) => topFolder(file) === folder && forbidden.includes(topFolder(target)));
    expect(upward.map(described)).toEqual([]);
  });

  it('runs SQL only in repositories and the database layer', () => {
    const files = sourceFiles(apiSource, TYPESCRIPT).map((file) => path.relative(apiSource, file));
    expect(files.length).toBeGreaterThan(30);
    const offenders = files.filter((file) => !MAY_HOLD_SQL.some((allowed) => allowed.test(file))).filter((file) => RUNS_SQL.test(readFileSync(path.join(apiSource, file), 'utf8')));
    expect(offenders).toEqual([]);
  });

  it('opens no transaction in a route file: a workflow is a function of a domain service', () => {
    const routeFiles = sourceFiles(path.join(apiSource, 'routes'), TYPESCRIPT)
      .map((file) => path.relative(apiSource, file))
      .filter((file) => !file.endsWith('.test.ts'));
    expect(routeFiles.length).toBeGreaterThan(30);
    const offenders = routeFiles.filter((file) => OPENS_TRANSACTION.test(readFileSync(path.join(apiSource, file), 'utf8')));
    expect(offenders).toEqual([]);
  });
});
