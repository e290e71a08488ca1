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
  return pagesMapIn(source, fileName).properties.map((property) => /** @type {import('typescript').StringLiteral} */ (property.name).text);
}

/**
 * What each route's page loads of its own: the module of `lazyPage(() => import('./x'), …)`,
 * written in the map or in a const the map names; null for a page in the pages module itself.
 * @param {string} source
 * @returns {Record<string, string | null>}
 */
function pageImportsInPagesSource(source, fileName = 'pages.ts') {
  const map = pagesMapIn(source, fileName);
  const file = map.getSourceFile();
  /** @param {import('typescript').Node | undefined} node @returns {string | null} */
  const importOf = (node) => {
    if (!node || !ts.isCallExpression(node) || !ts.isIdentifier(node.expression) || node.expression.text !== 'lazyPage') return null;
    const loader = node.arguments[0];
    if (!loader || !ts.isArrowFunction(loader) || !ts.isCallExpression(loader.body)) return null;
    const [request] = loader.body.arguments;
    return loader.body.expression.kind === ts.SyntaxKind.ImportKeyword && request && ts.isStringLiteral(request) ? request.text : null;
  };
  /** @type {Map<string, import('typescript').Expression | undefined>} */
  const consts = new Map();
  for (const statement of file.statements) {
    if (!ts.isVariableStatement(statement)) continue;
    for (const declaration of statement.declarationList.declarations) if (ts.isIdentifier(declaration.name)) consts.set(declaration.name.text, declaration.initializer);
  }
  return Object.fromEntries(
    map.properties.map((property) => {
      const value = /** @type {import('typescript').PropertyAssignment} */ (property).initializer;
      const written = ts.isIdentifier(value) ? consts.get(value.text) : value;
      return [/** @type {import('typescript').StringLiteral} */ (property.name).text, importOf(written)];
    }),
  );
}

/**
 * The object literal of `export const pages = …`, every key checked to be a route path.
 * @param {string} source
 * @param {string} fileName
 */
function pagesMapIn(source, fileName) {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  for (const statement of file.statements) {
    if (!ts.isVariableStatement(statement) || !statement.modifiers?.some((modifier) => modifier.kind === ts.SyntaxKind.ExportKeyword)) continue;
    const declaration = statement.declarationList.declarations.find((candidate) => ts.isIdentifier(candidate.name) && candidate.name.text === 'pages');
    if (!declaration) continue;
    let map = declaration.initializer;
    while (map && (ts.isSatisfiesExpression(map) || ts.isAsExpression(map) || ts.isParenthesizedExpression(map))) map = map.expression;
    if (!map || !ts.isObjectLiteralExpression(map)) throw new Error(`${fileName}: \`pages\` must be written as an object of route path -> page.`);
    for (const property of map.properties) {
      if (ts.isPropertyAssignment(property) && ts.isStringLiteral(property.name) && property.name.text.startsWith('/')) continue;
      throw new Error(`${fileName}: every key of \`pages\` must be a route path in quotes, not ${property.getText(file).split('\n')[0]}.`);
    }
    return map;
  }
  throw new Error(`${fileName} exports no \`pages\` map.`);
}

/**
 * What each route of a remote loads of its own (pageImportsInPagesSource).
 * @param {string} folder
 */
function readRemotePageImports(folder) {
  const file = pagesFileOf(folder);
  return pageImportsInPagesSource(readFileSync(file, 'utf8'), path.relative(process.cwd(), file));
}

/**
 * The routes a remote serves: the keys of its pages map.
 * @param {string} folder
 */
function readRemoteRoutes(folder) {
  const file = pagesFileOf(folder);
  return routesInPagesSource(readFileSync(file, 'utf8'), path.relative(process.cwd(), file));
}

module.exports = { isRemoteFolder, pageImportsInPagesSource, pagesFileOf, readRemotePageImports, readRemoteRoutes, routesInPagesSource };
