// Node bundle of a remote's pages for build-first-screens.cjs: the remote's own
// components, its asset names as in the browser build (not emitted again), styles
// left out (the page links the built stylesheets).
const path = require('node:path');
const { ASSET_ORIGIN } = require('./first-screen-markup.cjs');

module.exports = (env) => {
  const remoteDir = env.remoteDir;
  return {
    mode: 'production',
    target: 'node20',
    context: remoteDir,
    entry: path.join(__dirname, 'render-first-screen.mjs'),
    output: {
      path: path.join(remoteDir, '.first-screens'),
      filename: 'render-first-screen.cjs',
      chunkFilename: '[name].cjs',
      library: { type: 'commonjs2' },
      publicPath: ASSET_ORIGIN,
      assetModuleFilename: 'assets/[name].[contenthash:8][ext]',
      clean: true,
    },
    resolve: {
      extensions: ['.tsx', '.ts', '.js', '.mjs'],
      alias: { 'remote-pages$': path.join(remoteDir, 'src', 'pages.ts') },
    },
    externalsPresets: { node: true },
    externals: [({ request }, callback) => (/^(react|react-dom|react-router|react-router-dom)(\/|$)/.test(request) ? callback(null, `commonjs ${request}`) : callback())],
    module: {
      rules: [
        {
          test: /\.tsx?$/,
          exclude: /node_modules/,
          use: { loader: 'ts-loader', options: { transpileOnly: true, configFile: path.join(remoteDir, 'tsconfig.json') } },
        },
        { test: /\.css$/, type: 'asset/source' },
        { test: /\.(svg|png|jpe?g|webp|avif|woff2?)$/, resourceQuery: /inline/, type: 'asset/inline' },
        { test: /\.(svg|png|jpe?g|webp|avif|woff2?)$/, resourceQuery: { not: [/inline/] }, type: 'asset/resource', generator: { emit: false } },
      ],
    },
    optimization: { minimize: false, splitChunks: false },
    performance: { hints: false },
  };
};
