// Builds the home-page prerenderer for Node (see src/prerender): the shell's own
// components with the same asset names as the browser build; styles are not
// needed there (the page links them).
const path = require('node:path');

module.exports = {
  mode: 'production',
  target: 'node20',
  context: __dirname,
  entry: './src/prerender/render-home-page.tsx',
  output: {
    path: path.join(__dirname, '.prerender'),
    filename: 'render-home-page.cjs',
    library: { type: 'commonjs2' },
    publicPath: '/',
    assetModuleFilename: 'assets/[name].[contenthash:8][ext]',
    clean: true,
  },
  resolve: { extensions: ['.tsx', '.ts', '.js', '.mjs'] },
  externalsPresets: { node: true },
  externals: [({ request }, callback) => (/^(react|react-dom|react-router|react-router-dom)(\/|$)/.test(request) ? callback(null, `commonjs ${request}`) : callback())],
  module: {
    rules: [
      {
        test: /\.tsx?$/,
        exclude: /node_modules/,
        use: { loader: 'ts-loader', options: { transpileOnly: true, configFile: path.join(__dirname, 'tsconfig.json') } },
      },
      { test: /\.css$/, type: 'asset/source' },
      { test: /\.(svg|png|jpe?g|webp|avif|woff2?)$/, resourceQuery: /inline/, type: 'asset/inline' },
      { test: /\.(svg|png|jpe?g|webp|avif|woff2?)$/, resourceQuery: { not: [/inline/] }, type: 'asset/resource', generator: { emit: false } },
    ],
  },
  optimization: { minimize: false, splitChunks: false },
  performance: { hints: false },
};
