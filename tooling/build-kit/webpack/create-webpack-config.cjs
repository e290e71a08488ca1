// One webpack + Module Federation setup for the shell and every remote, so the
// shared singletons and loaders can never drift apart between teams.
const path = require('node:path');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const MiniCssExtractPlugin = require('mini-css-extract-plugin');
const TerserPlugin = require('terser-webpack-plugin');
const { ModuleFederationPlugin } = require('@module-federation/enhanced/webpack');
const { assetRules } = require('./asset-rules.cjs');
const { CompileHintsPlugin } = require('./compile-hints-plugin.cjs');
const { SharedContractPlugin, sharedLibraryOf } = require('./shared-contract-plugin.cjs');
const { StartScriptsPlugin } = require('./start-scripts-plugin.cjs');
const { PageFilesPlugin } = require('./page-files-plugin.cjs');
const { isRemoteFolder, readRemoteRoutes } = require('../routes/remote-routes.cjs');
const { pageMetaFileOf, readPageMeta } = require('../routes/page-meta.cjs');
const { existsSync } = require('node:fs');
const { FILE_NAME: PROVENANCE_FILE, currentProvenance } = require('../provenance/build-provenance.cjs');

/**
 * Writes what a release reads from the build it publishes: dist/routes.json (a
 * remote's routes) and dist/page-meta.json (what each page says to search engines).
 */
class PartFilesPlugin {
  /** @param {Record<string, unknown>} files file name in dist/ -> its JSON content */
  constructor(files) {
    this.files = files;
  }

  /** @param {import('webpack').Compiler} compiler */
  apply(compiler) {
    const { Compilation, sources } = compiler.webpack;
    compiler.hooks.thisCompilation.tap('PartFilesPlugin', (compilation) => {
      compilation.hooks.processAssets.tap({ name: 'PartFilesPlugin', stage: Compilation.PROCESS_ASSETS_STAGE_REPORT }, () => {
        for (const [name, content] of Object.entries(this.files)) compilation.emitAsset(name, new sources.RawSource(`${JSON.stringify(content, null, 2)}\n`));
      });
    });
  }
}

/**
 * The PartFilesPlugin of the part in `dir`, or null when it has none of those files.
 * @param {string} dir
 * @param {boolean} isRemote
 */
function partFilesPlugin(dir, isRemote) {
  if (!isRemote) return existsSync(pageMetaFileOf(dir)) ? new PartFilesPlugin({ 'page-meta.json': { pages: readPageMeta(dir) } }) : null;
  if (!isRemoteFolder(dir)) return null;
  const routes = readRemoteRoutes(dir);
  return new PartFilesPlugin({ 'routes.json': { routes }, 'page-meta.json': { pages: readPageMeta(dir, routes) } });
}

const devHost = path.join(__dirname, '..', 'dev-host');

// How long a slow phone may take for one remote file (manifest, entry, chunk) before it counts as failed.
const REMOTE_FILE_TIMEOUT_MS = 8000;

/**
 * @param {string} name
 * @param {string} dir
 * @returns {string}
 */
function installedVersion(name, dir) {
  return require(require.resolve(`${name}/package.json`, { paths: [dir] })).version;
}

/**
 * One React and one session store on the page. `react/` and `react-dom/` share
 * their subpaths (jsx-runtime, client). The router is not shared as a package
 * (a shared package is never tree-shaken; docs/adr/0001-runtime-composition.md):
 * the shell bundles what it uses and `@samgyup/shared` hands remotes the links and
 * hooks they need from that one copy (shared/src/routing/router-parts.ts).
 *
 * The shell provides every singleton, so its own check of them would compare its
 * versions with its own ranges, at the cost of the first task's time (docs/adr/0001).
 * The shell skips it (`requiredVersion: false`);
 * remotes keep their ranges and the runtime warns when the shell's copy misses one.
 * @param {{ dir: string, isRemote?: boolean }} part
 */
function sharedSingletons({ dir, isRemote = true }) {
  const range = (/** @type {string} */ version) => /** @type {string | false} */ (isRemote ? version : false);
  const sharedVersion = sharedLibraryOf(dir).version;
  const singleton = (/** @type {string} */ name, packageName = name) => ({
    singleton: true,
    requiredVersion: range(`^${installedVersion(packageName, dir).split('.')[0]}.0.0`),
  });
  return {
    react: singleton('react'),
    'react/': singleton('react/', 'react'),
    'react-dom': singleton('react-dom'),
    'react-dom/': singleton('react-dom/', 'react-dom'),
    // Holds the page's session store: one copy, and a remote refuses a copy outside its range
    // instead of calling a function that copy lacks (docs/shared-contract.md).
    '@samgyup/shared': { singleton: true, requiredVersion: range(`^${sharedVersion}`), strictVersion: isRemote },
  };
}

/**
 * The shell's React singletons (react, react-dom and its client, the JSX runtime, the scheduler) and
 * its router in one file: every page starts with all of them, and as separate files each cost the
 * phone's main thread its own request, response and evaluation tasks. The singletons are still
 * provided one by one to the remotes; the router is the shell's own (see sharedSingletons).
 */
const REACT_CHUNK = {
  test: /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom)[\\/]/,
  name: 'react-and-router',
  chunks: /** @type {'all'} */ ('all'),
  enforce: true,
  priority: 20,
};

/**
 * Production pages carry one federation runtime: the shell's. The shell hands its
 * runtime core to the remotes, whose entries then stay small. In development each
 * remote keeps its own, so it also runs alone in its dev host.
 * @param {{ isRemote: boolean, production: boolean }} build
 */
function federationExperiments({ isRemote, production }) {
  /** @type {{ target: 'web' }} */
  const optimization = { target: 'web' };
  if (!production) return { optimization };
  return isRemote ? { optimization, externalRuntime: true } : { optimization };
}

/**
 * Answers `/env.json` on dev servers the way the production static server does.
 * @param {unknown[]} middlewares the dev server's list, which it runs in order
 */
function devRuntimeConfig(middlewares) {
  middlewares.unshift({
    name: 'runtime-config',
    path: '/env.json',
    middleware: (/** @type {unknown} */ _req, /** @type {import('node:http').ServerResponse} */ res) => {
      res.setHeader('Content-Type', 'application/json');
      res.end(
        JSON.stringify({
          apiBaseUrl: process.env.API_URL || 'http://127.0.0.1:4000',
          captcha: { provider: 'altcha' },
          version: 'dev',
          environment: 'development',
        }),
      );
    },
  });
  return middlewares;
}

/**
 * @param {object} options
 * @param {string} options.dir        the workspace folder (__dirname of its webpack.config)
 * @param {string} options.name       federation name, e.g. 'shell' or 'mfe_menus'
 * @param {number} options.port       dev-server port
 * @param {Record<string,string>} [options.exposes]  present for remotes
 * @param {string} [options.title]    page title of the HTML entry
 * @param {{ setupMiddlewares?: (middlewares: unknown[], server: unknown) => unknown[], [option: string]: unknown }} [options.devServer] extra dev-server options
 */
function createWebpackConfig({ dir, name, port, exposes, title = 'Samgyup Plaridel', devServer = {} }) {
  const isRemote = Boolean(exposes);
  const sharedVersion = sharedLibraryOf(dir).version;
  return (/** @type {unknown} */ _env, /** @type {{ mode?: string }} */ argv) => {
    const production = argv.mode !== 'development';
    // A remote's production build is only what the shell loads (remoteEntry.js,
    // mf-manifest.json, chunks); its standalone page is a development tool.
    const standalonePage = !isRemote || !production;
    return {
      mode: production ? 'production' : 'development',
      context: dir,
      // A remote's standalone page is the kit's dev host around the remote's pages.
      entry: !standalonePage ? {} : { main: isRemote ? path.join(devHost, 'dev-entry.ts') : './src/index.ts' },
      devtool: production ? 'source-map' : 'eval-cheap-module-source-map',
      output: {
        path: path.join(dir, 'dist'),
        // Remotes are served from wherever they are deployed; the shell from its own root.
        publicPath: isRemote ? 'auto' : '/',
        // Entry chunks stay unhashed: with webpack 5.111 the federation runtime cannot
        // resolve [contenthash] in them (module-federation/core#5077). They are small
        // and revalidated by ETag; every other chunk is content-hashed and immutable.
        filename: '[name].js',
        chunkFilename: production ? '[name].[contenthash:8].js' : '[name].js',
        assetModuleFilename: 'assets/[name].[contenthash:8][ext]',
        uniqueName: name,
        chunkLoadTimeout: REMOTE_FILE_TIMEOUT_MS,
        clean: true,
      },
      resolve: {
        extensions: ['.tsx', '.ts', '.js', '.mjs'],
        alias: isRemote ? { 'samgyup-remote-pages$': path.join(dir, 'src', 'pages.ts'), 'samgyup-remote-package$': path.join(dir, 'package.json') } : {},
      },
      module: {
        rules: [
          {
            test: /\.tsx?$/,
            exclude: /node_modules/,
            use: {
              loader: 'ts-loader',
              options: { transpileOnly: true, configFile: path.join(dir, 'tsconfig.json') },
            },
          },
          { test: /\.css$/, use: [MiniCssExtractPlugin.loader, 'css-loader'] },
          ...assetRules(),
        ],
      },
      plugins: [
        new MiniCssExtractPlugin({
          filename: production ? '[name].[contenthash:8].css' : '[name].css',
          // Named by content alone: pages that import the same stylesheet share one file,
          // downloaded once (a first screen links it before the page's chunk asks for it).
          chunkFilename: production ? 'style.[contenthash:8].css' : '[id].css',
        }),
        new ModuleFederationPlugin({
          name,
          ...(isRemote ? { filename: 'remoteEntry.js', exposes } : { remotes: {} }),
          shared: sharedSingletons({ dir, isRemote }),
          shareStrategy: 'loaded-first',
          dts: false,
          manifest: true,
          experiments: federationExperiments({ isRemote, production }),
          runtimePlugins: [
            ...(!isRemote ? [/** @type {[string, Record<string, unknown>]} */ ([path.join(__dirname, 'remote-load-limits.mjs'), { timeoutMs: REMOTE_FILE_TIMEOUT_MS }])] : []),
            ...(!isRemote && production ? [path.join(__dirname, 'provide-runtime-core.mjs')] : []),
          ],
        }),
        standalonePage &&
          new HtmlWebpackPlugin({
            template: isRemote ? path.join(devHost, 'index.html') : path.join(dir, 'src', 'index.html'),
            favicon: path.join(__dirname, 'favicon.svg'),
            title,
            scriptLoading: 'defer',
            minify: production,
          }),
        production && new CompileHintsPlugin(),
        production && !isRemote && new StartScriptsPlugin({ dir, startModules: ['src/index.ts', 'src/bootstrap.tsx'] }),
        production && isRemote && isRemoteFolder(dir) && new PageFilesPlugin(dir),
        production && new SharedContractPlugin({ dir, provides: !isRemote, requiredRange: isRemote && `^${sharedVersion}` }),
        production && partFilesPlugin(dir, isRemote),
        // Read as the build starts: a release refuses this build once the sources differ from it (a part is a
        // workspace with a package.json; a test's fixture remote has none and is never released).
        production && existsSync(path.join(dir, 'package.json')) && new PartFilesPlugin({ [PROVENANCE_FILE]: currentProvenance(dir) }),
      ].filter(Boolean),
      optimization: {
        // SWC's minifier: a third less build time than Terser, and a first visit about 2 KB smaller (gzip).
        minimizer: [new TerserPlugin({ minify: TerserPlugin.swcMinify, extractComments: false })],
        ...(production && !isRemote ? { splitChunks: { cacheGroups: { react: REACT_CHUNK } } } : {}),
      },
      performance: { hints: false },
      devServer: {
        port,
        host: '127.0.0.1',
        historyApiFallback: true,
        hot: false,
        headers: { 'Access-Control-Allow-Origin': '*' },
        ...devServer,
        setupMiddlewares: (/** @type {unknown[]} */ middlewares, /** @type {unknown} */ server) => {
          devRuntimeConfig(middlewares);
          return devServer.setupMiddlewares ? devServer.setupMiddlewares(middlewares, server) : middlewares;
        },
      },
    };
  };
}

/**
 * A remote's whole webpack config, from the `federation` field of its package.json: it exposes `./pages` (src/pages.ts).
 * @param {string} dir
 */
function remoteWebpackConfig(dir) {
  const { federation } = require(path.join(dir, 'package.json'));
  return createWebpackConfig({
    dir,
    name: federation.name,
    port: federation.port,
    exposes: { './pages': './src/pages.ts' },
    title: `${federation.label} (standalone)`,
  });
}

module.exports = { REMOTE_FILE_TIMEOUT_MS, createWebpackConfig, remoteWebpackConfig, sharedSingletons };
