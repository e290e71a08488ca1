// Writes dist/start-scripts.json: the chunks the shell's start loads on every page
// (the shared singletons, the router, the app's own code), for the boot script to
// ask for together with main.js. Without the list the browser learns of each only
// once the one before it has run: main.js, then the singletons, then the app, each
// a round trip of its own on a phone.
const path = require('node:path');

const FILE_NAME = 'start-scripts.json';

class StartScriptsPlugin {
  /**
   * @param {object} options
   * @param {string} options.dir  the part's folder
   * @param {string[]} options.startModules  the part's files whose import()s are part of its start (src/index.ts, src/bootstrap.tsx)
   */
  constructor({ dir, startModules }) {
    this.source = path.join(dir, 'src') + path.sep;
    this.startModules = new Set(startModules.map((file) => path.join(dir, file)));
  }

  /** @param {import('webpack').Compiler} compiler */
  apply(compiler) {
    const { Compilation, sources } = compiler.webpack;
    compiler.hooks.thisCompilation.tap('StartScriptsPlugin', (compilation) => {
      compilation.hooks.processAssets.tap({ name: 'StartScriptsPlugin', stage: Compilation.PROCESS_ASSETS_STAGE_REPORT }, () => {
        const entry = compilation.entrypoints.get('main');
        if (!entry) return;
        const publicPath = String(compilation.outputOptions.publicPath ?? '/');
        /** @type {Set<string>} */
        const files = new Set();
        /** @type {Set<import('webpack').ChunkGroup>} */
        const seen = new Set([entry]);
        /** @param {import('webpack').ChunkGroup} group */
        const walk = (group) => {
          for (const child of group.getChildren()) {
            if (seen.has(child)) continue;
            seen.add(child);
            // An import() in the part's own code other than its start is a page or a report loaded when needed; a
            // shared singleton's fallback copy never loads, as the shell provides each singleton itself.
            const later = child.origins.some((origin) => {
              const module = /** @type {{ resource?: string, type?: string } | null} */ (origin.module);
              if (module?.type === 'consume-shared-module') return true;
              return module?.resource !== undefined && module.resource.startsWith(this.source) && !this.startModules.has(module.resource);
            });
            if (later) continue;
            for (const chunk of child.chunks) for (const file of chunk.files) if (file.endsWith('.js')) files.add(`${publicPath}${file}`);
            walk(child);
          }
        };
        walk(entry);
        compilation.emitAsset(FILE_NAME, new sources.RawSource(`${JSON.stringify({ scripts: [...files].sort() }, null, 2)}\n`));
      });
    });
  }
}

module.exports = { StartScriptsPlugin, START_SCRIPTS_FILE: FILE_NAME };
