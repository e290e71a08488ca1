// Marks every emitted script with V8's explicit compile hint,
// `//# allFunctionsCalledOnLoad` (Chrome 136+; other browsers read a comment).
//
// Every script of ours is fetched when it is about to run: the entry on page load,
// a chunk when its page or shared module is needed. Without the hint V8 compiles
// each function lazily, on the main thread, the first time it is called; with it,
// V8 compiles the whole file on a background thread while the file streams in
// (what it saves: docs/adr/0001-runtime-composition.md).
const { Compilation, sources } = require('webpack');

const COMPILE_HINT = '//# allFunctionsCalledOnLoad\n';

class CompileHintsPlugin {
  /** @param {import('webpack').Compiler} compiler */
  apply(compiler) {
    compiler.hooks.thisCompilation.tap('CompileHintsPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        // After minification (which would drop the comment) and before source maps
        // are written, so the maps account for the added line.
        { name: 'CompileHintsPlugin', stage: Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_SIZE + 1 },
        (assets) => {
          for (const name of Object.keys(assets)) {
            if (!name.endsWith('.js')) continue;
            compilation.updateAsset(name, (source) => new sources.ConcatSource(COMPILE_HINT, source));
          }
        },
      );
    });
  }
}

module.exports = { CompileHintsPlugin, COMPILE_HINT };
