// How the site's scripts start the API: the built server (api/dist/server.js,
// made by `npm run build -w @samgyup/api`), run by plain Node. TypeScript is
// not compiled at start, and no loader hook sits in the process (tsx's ESM
// hooks cost about a sixth of a cached read in `npm run bench`).
const { spawn } = require('node:child_process');
const { existsSync } = require('node:fs');
const path = require('node:path');
const { repoRoot } = require('./repo-root.cjs');

const API_SERVER_FILE = path.join(repoRoot, 'api', 'dist', 'server.js');

/** Arguments for `spawn(process.execPath, …)`; error stacks point into the TypeScript sources. */
function apiServerArgs() {
  if (!existsSync(API_SERVER_FILE)) throw new Error('api/dist/server.js is missing: run "npm run build -w @samgyup/api" first.');
  return ['--enable-source-maps', API_SERVER_FILE];
}

/**
 * Resolves once `${origin}/api/health` answers 200; rejects when `child` (the
 * API's process, when the caller started it) exits first or `timeoutMs` passes.
 * @param {string} origin
 * @param {{ child?: import('node:child_process').ChildProcess, timeoutMs?: number, intervalMs?: number }} [options]
 */
async function waitForApiHealth(origin, { child, timeoutMs = 60_000, intervalMs = 200 } = {}) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child && child.exitCode !== null) throw new Error(`The API at ${origin} exited (code ${child.exitCode}) while starting; see the messages above.`);
    const healthy = await fetch(`${origin}/api/health`, { signal: AbortSignal.timeout(5000) }).then(
      (response) => response.ok,
      () => false, // not listening yet
    );
    if (healthy) return;
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
  throw new Error(`The API at ${origin} did not answer /api/health within ${timeoutMs / 1000} s.`);
}

/**
 * @typedef {object} RunningApi
 * @property {string} origin
 * @property {import('node:child_process').ChildProcess} child
 * @property {() => Promise<void>} stop  SIGTERM, as a service manager stops it (SIGKILL after 15 s); resolves once it has exited
 */

/**
 * Starts the built API on `host:port` with `env` (the whole environment it
 * gets, plus API_HOST and API_PORT) and resolves once it is healthy; a failed
 * start stops the process before rejecting.
 * @param {{ port: number, host?: string, env?: NodeJS.ProcessEnv, stdio?: import('node:child_process').StdioOptions, timeoutMs?: number }} options
 * @returns {Promise<RunningApi>}
 */
async function startApi({ port, host = '127.0.0.1', env = process.env, stdio = 'inherit', timeoutMs = 60_000 }) {
  const child = spawn(process.execPath, apiServerArgs(), {
    cwd: repoRoot,
    stdio,
    env: { ...env, API_PORT: String(port), API_HOST: host },
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
    await exited;
    clearTimeout(timer);
  };
  const origin = `http://${host}:${port}`;
  try {
    await waitForApiHealth(origin, { child, timeoutMs });
  } catch (error) {
    await stop();
    throw error;
  }
  return { origin, child, stop };
}

/**
 * What an API under end-to-end test adds to its environment: the host stand's
 * clock pinned at 6 PM (TEST_RESTAURANT_TIME, refused outside NODE_ENV=test),
 * so "tonight's" slots are running or next whatever the hour the tests run.
 */
const E2E_RESTAURANT_TIME = '18:00';
const e2eApiEnv = { NODE_ENV: 'test', TEST_RESTAURANT_TIME: E2E_RESTAURANT_TIME };

module.exports = { API_SERVER_FILE, apiServerArgs, E2E_RESTAURANT_TIME, e2eApiEnv, startApi, waitForApiHealth };
