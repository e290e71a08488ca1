const { createWebpackConfig } = require('../tooling/webpack/create-webpack-config.cjs');
const { federation } = require('./package.json');

module.exports = createWebpackConfig({
  dir: __dirname,
  name: federation.name,
  port: federation.port,
  exposes: { './pages': './src/pages.ts' },
  title: `${federation.label} (standalone)`,
});
