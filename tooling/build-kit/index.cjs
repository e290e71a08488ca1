// What a part's own config files take by name: `require('@samgyup/build-kit')`.
const { createJestConfig } = require('./jest/create-jest-config.cjs');
const { createWebpackConfig, remoteWebpackConfig, REMOTE_FILE_TIMEOUT_MS, sharedSingletons } = require('./webpack/create-webpack-config.cjs');
const { nodeRenderConfig } = require('./webpack/node-render-config.cjs');
const { isRemoteFolder, readRemoteRoutes } = require('./routes/remote-routes.cjs');
const { readPageMeta } = require('./routes/page-meta.cjs');
const { FILE_NAME: PROVENANCE_FILE, currentProvenance, readProvenance, staleBuildReason } = require('./provenance/build-provenance.cjs');

module.exports = {
  createJestConfig,
  createWebpackConfig,
  currentProvenance,
  isRemoteFolder,
  nodeRenderConfig,
  PROVENANCE_FILE,
  readPageMeta,
  readProvenance,
  readRemoteRoutes,
  remoteWebpackConfig,
  REMOTE_FILE_TIMEOUT_MS,
  sharedSingletons,
  staleBuildReason,
};
