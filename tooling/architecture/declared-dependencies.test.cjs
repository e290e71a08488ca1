// Every workspace declares in its package.json the packages its code imports, so
// a part can be installed, built and tested from its own manifest.
const { readFileSync } = require('node:fs');
const { builtinModules } = require('node:module');
const path = require('node:path');
const ts = require('typescript');
const { repoRoot } = require('@samgyup/dev-site');
const { sourceFiles } = require('./source-files.cjs');

// Names webpack aliases at build time (build-kit's dev host and first-screen render), not packages.
const BUILD_ALIASES = ['samgyup-remote-package', 'samgyup-remote-pages', 'remote-shared', 'remote-shared-session', 'remote-package', 'remote-pages', 'remote-page-meta'];
const SOURCE = /\.(ts|tsx|cjs|mjs|js)$/;

/**
 * The package a module specifier names, or null for a relative path, a Node built-in or an alias.
 * @param {string} specifier
 */
function packageOf(specifier) {
  if (specifier.startsWith('.') || specifier.startsWith('node:') || builtinModules.includes(specifier.split('/')[0])) return null;
  const name = specifier.startsWith('@') ? specifier.split('/').slice(0, 2).join('/') : specifier.split('/')[0];
  return BUILD_ALIASES.includes(name) ? null : name;
}

/** @type {string[]} */
const workspaces = JSON.parse(readFileSync(path.join(repoRoot, 'package.json'), 'utf8')).workspaces;

describe('declared dependencies', () => {
  it.each(workspaces)('%s declares every package it imports', (workspace) => {
    const manifest = JSON.parse(readFileSync(path.join(repoRoot, workspace, 'package.json'), 'utf8'));
    const declared = new Set([manifest.name, ...Object.keys({ ...manifest.dependencies, ...manifest.devDependencies, ...manifest.peerDependencies })]);
    const undeclared = sourceFiles(path.join(repoRoot, workspace), SOURCE).flatMap((file) =>
      ts
        .preProcessFile(readFileSync(file, 'utf8'), true, true)
        .importedFiles.map((imported) => packageOf(imported.fileName))
        .filter((name) => name !== null && !declared.has(name))
        .map((name) => `${path.relative(repoRoot, file)} imports ${name}`),
    );
    expect(undeclared).toEqual([]);
  });
});
