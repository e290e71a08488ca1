// Writes dist/shared-contract.json: what a build needs of @samgyup/shared (the
// version range and every name it imports) and, for the shell, what it provides
// (the version and every name it exports). A release compares these with what is
// deployed and refuses a part that would get a shared library missing a name it
// uses (docs/shared-contract.md).
const path = require('node:path');

const SHARED = '@samgyup/shared';

/**
 * The @samgyup/shared a part builds with, found from the part's folder (a copy of the tree may hold another version).
 * @param {string} dir
 * @returns {{ entry: string, version: string }}
 */
function sharedLibraryOf(dir) {
  const entry = require.resolve(SHARED, { paths: [dir] });
  return { entry, version: require(path.join(path.dirname(entry), '..', 'package.json')).version };
}

class SharedContractPlugin {
  /** @param {{ dir: string, provides: boolean, requiredRange: string | false }} options */
  constructor({ dir, provides, requiredRange }) {
    this.shared = sharedLibraryOf(dir);
    this.provides = provides;
    this.requiredRange = requiredRange;
  }

  /** @param {import('webpack').Compiler} compiler */
  apply(compiler) {
    const { Compilation, sources } = compiler.webpack;
    const { entry: sharedEntry, version: sharedVersion } = this.shared;
    compiler.hooks.thisCompilation.tap('SharedContractPlugin', (compilation, { normalModuleFactory }) => {
      /** @type {Set<string>} */
      const imports = new Set();
      /** @type {string[] | null} */
      let exports = null;
      // Registered for the JavaScript module types only, so the parser is webpack's JavaScript parser.
      const collect = (/** @type {object} */ anyParser) => {
        const parser = /** @type {import('webpack').javascript.JavascriptParser} */ (anyParser);
        const record = (/** @type {unknown} */ _statement, /** @type {unknown} */ source, /** @type {unknown} */ name) => {
          if (source === SHARED && typeof name === 'string') imports.add(name);
        };
        parser.hooks.importSpecifier.tap('SharedContractPlugin', record);
        parser.hooks.exportImportSpecifier.tap('SharedContractPlugin', record);
      };
      for (const type of ['javascript/auto', 'javascript/esm', 'javascript/dynamic']) normalModuleFactory.hooks.parser.for(type).tap('SharedContractPlugin', collect);

      compilation.hooks.seal.tap('SharedContractPlugin', () => {
        if (!this.provides) return;
        for (const module of compilation.modules) {
          if (/** @type {{ resource?: string }} */ (module).resource !== sharedEntry) continue;
          const provided = compilation.moduleGraph.getExportsInfo(module).getProvidedExports();
          if (Array.isArray(provided)) exports = provided;
        }
      });

      compilation.hooks.processAssets.tap({ name: 'SharedContractPlugin', stage: Compilation.PROCESS_ASSETS_STAGE_REPORT }, () => {
        if (this.provides && !exports) throw new Error(`SharedContractPlugin: could not list the exports of ${SHARED}`);
        const contract = {
          package: SHARED,
          ...(this.provides ? { provides: { version: sharedVersion, exports: [...(exports ?? [])].sort() } } : {}),
          needs: { range: this.requiredRange || `^${sharedVersion}`, imports: [...imports].sort() },
        };
        compilation.emitAsset('shared-contract.json', new sources.RawSource(`${JSON.stringify(contract, null, 2)}\n`));
      });
    });
  }
}

module.exports = { SharedContractPlugin, sharedLibraryOf };
