// The API's layout rule: SQL lives in repositories (and the database layer that
// runs it); routes, plugins and services call repository functions by name.
const { readdirSync, readFileSync } = require('node:fs');
const path = require('node:path');
const { repoRoot } = require('@samgyup/dev-site');

const apiSource = path.join(repoRoot, 'api', 'src');
// Test code and the chaos tests set up and inspect data with SQL of their own.
const MAY_HOLD_SQL = [/^repositories[\\/]/, /^db[\\/]/, /^test[\\/]/, /^chaos[\\/]/, /\.test\.ts$/];
const RUNS_SQL = /\.query\s*(<[^>]*>)?\s*\(/;

function sourceFiles(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith('.ts') ? [full] : [];
  });
}

describe('API layout', () => {
  it('runs SQL only in repositories and the database layer', () => {
    const files = sourceFiles(apiSource).map((file) => path.relative(apiSource, file));
    expect(files.length).toBeGreaterThan(30);
    const offenders = files
      .filter((file) => !MAY_HOLD_SQL.some((allowed) => allowed.test(file)))
      .filter((file) => RUNS_SQL.test(readFileSync(path.join(apiSource, file), 'utf8')));
    expect(offenders).toEqual([]);
  });
});
