// How the site's scripts start the API: the built server (api/dist/server.js,
// made by `npm run build -w @samgyup/api`), run by plain Node. TypeScript is
// not compiled at start, and no loader hook sits in the process (tsx's ESM
// hooks cost about a sixth of a cached read in `npm run bench`).
const { existsSync } = require('node:fs');
const path = require('node:path');

const repoRoot = path.resolve(__dirname, '..');
const API_SERVER_FILE = path.join(repoRoot, 'api', 'dist', 'server.js');

/** Arguments for `spawn(process.execPath, …)`; error stacks point into the TypeScript sources. */
function apiServerArgs() {
  if (!existsSync(API_SERVER_FILE)) throw new Error('api/dist/server.js is missing: run "npm run build -w @samgyup/api" first.');
  return ['--enable-source-maps', API_SERVER_FILE];
}

/**
 * What an API under end-to-end test adds to its environment: the host stand's
 * clock pinned at 6 PM (TEST_RESTAURANT_TIME, refused outside NODE_ENV=test),
 * so "tonight's" slots are running or next whatever the hour the tests run.
 */
const E2E_RESTAURANT_TIME = '18:00';
const e2eApiEnv = { NODE_ENV: 'test', TEST_RESTAURANT_TIME: E2E_RESTAURANT_TIME };

module.exports = { API_SERVER_FILE, apiServerArgs, E2E_RESTAURANT_TIME, e2eApiEnv };
