// What a part's own config files take by name: `require('@samgyup/build-kit')`.
const { createJestConfig } = require('./jest/create-jest-config.cjs');
const { createWebpackConfig, remoteWebpackConfig, REMOTE_FILE_TIMEOUT_MS, sharedSingletons } = require('./webpack/create-webpack-config.cjs');
const { nodeRenderConfig } = require('./webpack/node-render-config.cjs');
const { isRemoteFolder, readRemoteRoutes } = require('./routes/remote-routes.cjs');
const { readPageMeta } = require('./routes/page-meta.cjs');

module.exports = {
  createJestConfig,
  createWebpackConfig,
  isRemoteFolder,
  nodeRenderConfig,
  readPageMeta,
  readRemoteRoutes,
  remoteWebpackConfig,
  REMOTE_FILE_TIMEOUT_MS,
  sharedSingletons,
};
