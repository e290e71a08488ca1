// Webpack setup of the Node bundles that render pages to HTML at build time (the
// shell's home page and layout, the remotes' first screens): the same components
// and asset names as the browser build, assets not emitted again, styles left out
// (the pages link the built stylesheets), React and the router from node_modules.
const path = require('node:path');
const { assetRules } = require('./asset-rules.cjs');

/**
 * @param {object} options
 * @param {string} options.context     the workspace folder
 * @param {string} options.entry
 * @param {string} options.outputPath
 * @param {string} options.filename
 * @param {string} options.publicPath  where asset URLs point
 * @param {Record<string,string>} [options.alias]
 * @param {boolean} [options.selfContained]  bundle React and the router too: the bundle then runs wherever it is copied (a release)
 */
function nodeRenderConfig({ context, entry, outputPath, filename, publicPath, alias = {}, selfContained = false }) {
  return {
    mode: 'production',
    target: 'node20',
    context,
    entry,
    output: {
      path: outputPath,
      filename,
      chunkFilename: '[name].cjs',
      library: { type: 'commonjs2' },
      publicPath,
      assetModuleFilename: 'assets/[name].[contenthash:8][ext]',
      clean: true,
    },
    resolve: { extensions: ['.tsx', '.ts', '.js', '.mjs'], alias },
    externalsPresets: { node: true },
    externals: selfContained
      ? []
      : [
          (/** @type {{ request?: string }} */ { request }, /** @type {(error?: null, result?: string) => void} */ callback) =>
            /^(react|react-dom|react-router|react-router-dom)(\/|$)/.test(request ?? '') ? callback(null, `commonjs ${request}`) : callback(),
        ],
    module: {
      rules: [
        {
          test: /\.tsx?$/,
          exclude: /node_modules/,
          use: { loader: 'ts-loader', options: { transpileOnly: true, configFile: path.join(context, 'tsconfig.json') } },
        },
        { test: /\.css$/, type: 'asset/source' },
        ...assetRules({ emit: false }),
      ],
    },
    optimization: { minimize: false, splitChunks: false },
    performance: { hints: false },
  };
}

module.exports = { nodeRenderConfig };
