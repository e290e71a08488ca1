// What each page of a part says about itself to search engines and link
// previews (title, description, whether it may be indexed), written by the team
// that owns the page in its `src/page-meta.ts`, next to its routes. The build
// reads the plain values with the TypeScript parser (like the routes, without
// running the part's code) into dist/page-meta.json; a release carries them into
// the registry, so the site's servers and the sitemap follow each part's release.
// What a page says from its live data (a menu's items, structured data) is the
// `describePage` function of the same file, run by the part's first-screen renderer.
const { existsSync, readFileSync } = require('node:fs');
const path = require('node:path');
const ts = require('typescript');

const pageMetaFileOf = (/** @type {string} */ folder) => path.join(folder, 'src', 'page-meta.ts');
/** @type {Record<string, 'string' | 'boolean'>} */
const FIELDS = { title: 'string', description: 'string', canonical: 'string', index: 'boolean' };

/** @typedef {{ title?: string, description?: string, canonical?: string, index: boolean }} PageMetaEntry */

/** @param {import('typescript').Expression} node */
function literalValue(node) {
  while (ts.isAsExpression(node) || ts.isSatisfiesExpression(node) || ts.isParenthesizedExpression(node)) node = node.expression;
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
  if (node.kind === ts.SyntaxKind.TrueKeyword) return true;
  if (node.kind === ts.SyntaxKind.FalseKeyword) return false;
  return undefined;
}

/**
 * `export const pageMeta = { '/route': { title: '…', description: '…', index?: false, canonical?: '/other' }, … }`
 * in `source`, as plain data: { route: { title, description?, index, canonical? } }.
 * @param {string} source
 * @returns {Record<string, PageMetaEntry>}
 */
function pageMetaInSource(source, fileName = 'page-meta.ts') {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  for (const statement of file.statements) {
    if (!ts.isVariableStatement(statement) || !statement.modifiers?.some((modifier) => modifier.kind === ts.SyntaxKind.ExportKeyword)) continue;
    const declaration = statement.declarationList.declarations.find((candidate) => ts.isIdentifier(candidate.name) && candidate.name.text === 'pageMeta');
    if (!declaration?.initializer) continue;
    let map = declaration.initializer;
    while (ts.isSatisfiesExpression(map) || ts.isAsExpression(map) || ts.isParenthesizedExpression(map)) map = map.expression;
    if (!ts.isObjectLiteralExpression(map)) throw new Error(`${fileName}: \`pageMeta\` must be written as an object of route path -> page meta.`);
    /** @type {Record<string, PageMetaEntry>} */
    const meta = {};
    for (const property of map.properties) {
      if (!ts.isPropertyAssignment(property) || !ts.isStringLiteral(property.name) || !property.name.text.startsWith('/') || !ts.isObjectLiteralExpression(property.initializer)) {
        throw new Error(`${fileName}: every entry of \`pageMeta\` must be '/route': { title: '…', … }, not ${property.getText(file).split('\n')[0]}.`);
      }
      const route = property.name.text;
      /** @type {PageMetaEntry & Record<string, unknown>} */
      const entry = { index: true };
      for (const field of property.initializer.properties) {
        const name = field.name && ts.isIdentifier(field.name) ? field.name.text : null;
        if (!name || !ts.isPropertyAssignment(field) || !Object.hasOwn(FIELDS, name)) {
          throw new Error(`${fileName}: ${route} may only say ${Object.keys(FIELDS).join(', ')}, not ${field.getText(file).split('\n')[0]}.`);
        }
        const value = literalValue(field.initializer);
        if (typeof value !== FIELDS[name]) throw new Error(`${fileName}: ${route}'s ${name} must be a plain ${FIELDS[name]} written in the file.`);
        entry[name] = value;
      }
      if (!entry.title) throw new Error(`${fileName}: ${route} has no title.`);
      if (entry.index && !entry.description) throw new Error(`${fileName}: ${route} may be indexed, so it needs a description.`);
      if (entry.canonical !== undefined && !entry.canonical.startsWith('/')) throw new Error(`${fileName}: ${route}'s canonical must be a path of this site.`);
      meta[route] = entry;
    }
    return meta;
  }
  throw new Error(`${fileName} exports no \`pageMeta\` map.`);
}

/**
 * The page meta of the part in `folder`; every route it serves must have one
 * (`routes`), and nothing else may, so a new page cannot ship without saying what it is.
 * @param {string} folder
 * @param {string[]} [routes]
 */
function readPageMeta(folder, routes) {
  const file = pageMetaFileOf(folder);
  const name = path.relative(process.cwd(), file);
  if (!existsSync(file)) throw new Error(`${name} is missing: every part says, next to its routes, what each page is (title, description, index).`);
  const meta = pageMetaInSource(readFileSync(file, 'utf8'), name);
  if (routes) {
    const missing = routes.filter((route) => !Object.hasOwn(meta, route));
    const extra = Object.keys(meta).filter((route) => !routes.includes(route));
    if (missing.length > 0) throw new Error(`${name} says nothing of ${missing.join(', ')}.`);
    if (extra.length > 0) throw new Error(`${name} describes ${extra.join(', ')}, which the part does not serve.`);
  }
  return meta;
}

module.exports = { pageMetaFileOf, pageMetaInSource, readPageMeta };
