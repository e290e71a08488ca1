// What `npm start`, the end-to-end tests, the bench and the deployment test share.
const { repoRoot } = require('./repo-root.cjs');
const { buildRemotesManifest, remoteDescriptors, REMOTE_FOLDERS } = require('./remotes-manifest.cjs');
const { API_SERVER_FILE, apiServerArgs, E2E_RESTAURANT_TIME, e2eApiEnv, startApi, waitForApiHealth } = require('./api-server.cjs');
const { releaseAndServe } = require('./local-site.cjs');
const { testPortBase } = require('./test-port-base.cjs');
const { CLOCK_ENV, CLOCK_OFFSET_ENV, handedOnOffset, installShiftedClock, restaurantClockOffset } = require('./shifted-clock.cjs');
const { startPostgres } = require('./throwaway-postgres.cjs');

module.exports = {
  API_SERVER_FILE,
  apiServerArgs,
  buildRemotesManifest,
  CLOCK_ENV,
  CLOCK_OFFSET_ENV,
  E2E_RESTAURANT_TIME,
  e2eApiEnv,
  handedOnOffset,
  installShiftedClock,
  releaseAndServe,
  remoteDescriptors,
  REMOTE_FOLDERS,
  repoRoot,
  restaurantClockOffset,
  startApi,
  startPostgres,
  testPortBase,
  waitForApiHealth,
};
