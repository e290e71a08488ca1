// The house rules of the monorepo, checked on every import of every source file:
// the shell never imports a remote, remotes never import each other, the shared
// library knows neither, and only the shell bundles the router (remotes and the
// shared library reach it through `@samgyup/shared`, so there is one router
// context on the page).
const { readdirSync, readFileSync } = require('node:fs');
const path = require('node:path');

const { REMOTE_FOLDERS: REMOTES, repoRoot } = require('@samgyup/dev-site');
const IMPORT = /(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|import\s*\(\s*['"]([^'"]+)['"]\s*\)|^\s*import\s*['"]([^'"]+)['"]/gm;

function sourceFiles(folder) {
  const found = [];
  const walk = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (/\.(ts|tsx)$/.test(entry.name)) found.push(full);
    }
  };
  walk(path.join(repoRoot, folder, 'src'));
  return found;
}

/** Test files and test kits may use the router directly (MemoryRouter and friends). */
function isTestCode(file) {
  return /\.test\.tsx?$/.test(file) || /[\\/](test|testing)[\\/]/.test(file);
}

/** Every import of a workspace as { file, target } with the target resolved when it is relative. */
function importsOf(folder) {
  return sourceFiles(folder).flatMap((file) => {
    const text = readFileSync(file, 'utf8');
    return [...text.matchAll(IMPORT)].map((match) => {
      const request = match[1] ?? match[2] ?? match[3];
      const target = request.startsWith('.') ? path.relative(repoRoot, path.resolve(path.dirname(file), request)) : request;
      return { file: path.relative(repoRoot, file), request, target, testCode: isTestCode(file) };
    });
  });
}

function workspaceOf(target) {
  const name = target.startsWith('@samgyup/') ? target.split('/')[1] : target.split(/[\\/]/)[0];
  return name;
}

const violations = (folder, isForbidden) =>
  importsOf(folder)
    .filter(isForbidden)
    .map(({ file, request }) => `${file} imports ${request}`);

describe('import boundaries', () => {
  it('finds the imports it checks', () => {
    expect(REMOTES.length).toBeGreaterThanOrEqual(5);
    expect(importsOf('shell').length).toBeGreaterThan(20);
    expect(importsOf('shared').some(({ request }) => request === 'react-router-dom')).toBe(true);
  });

  it('the shell never imports a remote', () => {
    expect(violations('shell', ({ target }) => REMOTES.includes(workspaceOf(target)))).toEqual([]);
  });

  it.each(REMOTES)('%s imports neither the shell nor another remote', (remote) => {
    const others = ['shell', ...REMOTES.filter((name) => name !== remote)];
    expect(violations(remote, ({ target }) => others.includes(workspaceOf(target)))).toEqual([]);
  });

  it('the shared library knows neither the shell nor the remotes', () => {
    expect(violations('shared', ({ target }) => ['shell', ...REMOTES].includes(workspaceOf(target)))).toEqual([]);
  });

  it.each([...REMOTES, 'e2e/fixtures/seasonal-remote'])('%s takes router links and hooks from @samgyup/shared only', (remote) => {
    expect(violations(remote, ({ request, testCode }) => !testCode && request.startsWith('react-router'))).toEqual([]);
  });

  it('inside the shared library only the routing module imports the router', () => {
    expect(
      violations(
        'shared',
        ({ file, request, testCode }) =>
          !testCode && request.startsWith('react-router') && !file.startsWith(path.join('shared', 'src', 'routing')),
      ),
    ).toEqual([]);
  });
});
