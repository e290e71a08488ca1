// Writes a remote's dist/page-files.json: for each route, the files its page loads
// of its own (the chunks of its `lazyPage(() => import(…))` and their stylesheets),
// relative to the remote's folder. The shell's server adds them to a page's preload
// hints, so the page's code is fetched with the rest rather than once the pages
// module has run and asked for it.
const path = require('node:path');
const { pagesFileOf, readRemotePageImports } = require('../routes/remote-routes.cjs');

const FILE_NAME = 'page-files.json';

class PageFilesPlugin {
  /** @param {string} dir  the remote's folder */
  constructor(dir) {
    this.pagesFile = pagesFileOf(dir);
    this.imports = readRemotePageImports(dir);
  }

  /** @param {import('webpack').Compiler} compiler */
  apply(compiler) {
    const { Compilation, sources } = compiler.webpack;
    compiler.hooks.thisCompilation.tap('PageFilesPlugin', (compilation) => {
      compilation.hooks.processAssets.tap({ name: 'PageFilesPlugin', stage: Compilation.PROCESS_ASSETS_STAGE_REPORT }, () => {
        // Each import() of the pages module: its request, and every file its chunk group loads.
        /** @type {Map<string, string[]>} */
        const filesOfRequest = new Map();
        for (const group of compilation.chunkGroups) {
          for (const origin of group.origins) {
            const resource = /** @type {{ resource?: string } | null} */ (origin.module)?.resource;
            if (resource === undefined || path.resolve(resource) !== this.pagesFile || !origin.request) continue;
            const files = [...group.chunks].flatMap((chunk) => [...chunk.files]).filter((file) => /\.(js|css)$/.test(file));
            filesOfRequest.set(origin.request, [...new Set([...(filesOfRequest.get(origin.request) ?? []), ...files])].sort());
          }
        }
        /** @type {Record<string, string[]>} */
        const pages = {};
        for (const [route, request] of Object.entries(this.imports)) {
          const files = request ? filesOfRequest.get(request) : undefined;
          if (files && files.length > 0) pages[route] = files;
        }
        compilation.emitAsset(FILE_NAME, new sources.RawSource(`${JSON.stringify({ pages }, null, 2)}\n`));
      });
    });
  }
}

module.exports = { PageFilesPlugin, PAGE_FILES_FILE: FILE_NAME };
