// A remote's routes are written once: as the keys of the `pages` map its
// src/pages.ts exports (the map the shell renders). The tools that need the list
// without running that code (the release registry, the dev shell's
// /remotes.json) read the keys with the TypeScript parser.
const { existsSync, readFileSync } = require('node:fs');
const path = require('node:path');
const ts = require('typescript');

const pagesFileOf = (/** @type {string} */ folder) => path.join(folder, 'src', 'pages.ts');

/** A remote is a part that exposes pages (src/pages.ts); the shell has none. */
const isRemoteFolder = (/** @type {string} */ folder) => existsSync(pagesFileOf(folder));

/**
 * The route paths, in order, of `export const pages = { '/path': Page, … }` in `source`.
 * @param {string} source
 * @returns {string[]}
 */
function routesInPagesSource(source, fileName = 'pages.ts') {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  for (const statement of file.statements) {
    if (!ts.isVariableStatement(statement) || !statement.modifiers?.some((modifier) => modifier.kind === ts.SyntaxKind.ExportKeyword)) continue;
    const declaration = statement.declarationList.declarations.find((candidate) => ts.isIdentifier(candidate.name) && candidate.name.text === 'pages');
    if (!declaration) continue;
    let map = declaration.initializer;
    while (map && (ts.isSatisfiesExpression(map) || ts.isAsExpression(map) || ts.isParenthesizedExpression(map))) map = map.expression;
    if (!map || !ts.isObjectLiteralExpression(map)) throw new Error(`${fileName}: \`pages\` must be written as an object of route path -> page.`);
    return map.properties.map((property) => {
      if (ts.isPropertyAssignment(property) && ts.isStringLiteral(property.name) && property.name.text.startsWith('/')) return property.name.text;
      throw new Error(`${fileName}: every key of \`pages\` must be a route path in quotes, not ${property.getText(file).split('\n')[0]}.`);
    });
  }
  throw new Error(`${fileName} exports no \`pages\` map.`);
}

/**
 * The routes a remote serves: the keys of its pages map.
 * @param {string} folder
 */
function readRemoteRoutes(folder) {
  const file = pagesFileOf(folder);
  return routesInPagesSource(readFileSync(file, 'utf8'), path.relative(process.cwd(), file));
}

module.exports = { isRemoteFolder, readRemoteRoutes, routesInPagesSource };
