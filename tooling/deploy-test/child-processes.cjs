// The deployment test's servers as child processes: each one's output kept in
// a log file of its own (or shown as it comes), waits with a deadline, and a
// stop that always ends (SIGTERM, then SIGKILL when it does not exit in time).
const { spawn } = require('node:child_process');
const { closeSync, existsSync, openSync, readFileSync } = require('node:fs');
const http = require('node:http');
const https = require('node:https');
const path = require('node:path');

/**
 * @param {string} label      a name for messages and the log file
 * @param {string} command
 * @param {string[]} args
 * @param {{ env?: NodeJS.ProcessEnv, cwd?: string, logDir: string | null }} options  logDir null: output shown as it comes
 */
function startChild(label, command, args, { env = process.env, cwd, logDir }) {
  const logFile = logDir ? path.join(logDir, `${label.replace(/[^a-z0-9-]+/gi, '-')}.log`) : null;
  const log = logFile ? openSync(logFile, 'a') : 'inherit';
  const child = spawn(command, args, { cwd, env, stdio: ['ignore', log, log] });
  if (typeof log === 'number') closeSync(log);
  /** @type {Promise<{ code: number | null, signal: NodeJS.Signals | null }>} */
  const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  child.once('error', () => undefined); // a missing program shows as an exit below
  return { label, child, logFile, exited };
}

/**
 * @typedef {ReturnType<typeof startChild>} ChildHandle
 */

/**
 * The last lines a child wrote: what a failure message shows.
 * @param {ChildHandle} handle
 */
function logTail(handle, lines = 25) {
  if (!handle.logFile || !existsSync(handle.logFile)) return '(no output)';
  return readFileSync(handle.logFile, 'utf8').trimEnd().split('\n').slice(-lines).join('\n') || '(no output)';
}

/**
 * Resolves when `check` answers true; throws when the deadline passes or `handle` exits first.
 * @param {string} description
 * @param {() => Promise<boolean>} check
 * @param {{ handle?: ReturnType<typeof startChild>, timeoutMs?: number, intervalMs?: number }} [options]
 */
async function waitFor(description, check, { handle, timeoutMs = 30_000, intervalMs = 200 } = {}) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (handle && handle.child.exitCode !== null) {
      throw new Error(`${handle.label} exited (code ${handle.child.exitCode}) before ${description}:\n${logTail(handle)}`);
    }
    if (await check().catch(() => false)) return;
    if (Date.now() > deadline) {
      throw new Error(`${description}: not within ${timeoutMs / 1000} s${handle ? `. ${handle.label} wrote:\n${logTail(handle)}` : ''}`);
    }
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}

/**
 * True when `url` answers with `status` (any answer below 500 when none is
 * given). `ca`: the certificate to trust for https (this process started
 * before the test made it, so NODE_EXTRA_CA_CERTS cannot help here).
 */
/**
 * @param {string} url
 * @param {{ status?: number, ca?: string | Buffer }} [options]
 * @returns {Promise<boolean>}
 */
function answers(url, { status, ca } = {}) {
  return new Promise((resolve) => {
    const client = url.startsWith('https:') ? https : http;
    const request = client.get(url, { ca, timeout: 5000 }, (response) => {
      response.resume();
      resolve(status === undefined ? (response.statusCode ?? 500) < 500 : response.statusCode === status);
    });
    request.on('timeout', () => request.destroy());
    request.on('error', () => resolve(false));
  });
}

/**
 * Stops a child: `signal`, then SIGKILL after `graceMs`. Resolves once it has exited.
 * @param {ChildHandle} handle
 * @param {{ signal?: NodeJS.Signals, graceMs?: number }} [options]
 */
async function stopChild(handle, { signal = 'SIGTERM', graceMs = 10_000 } = {}) {
  if (handle.child.exitCode !== null || handle.child.signalCode !== null || handle.child.pid === undefined) return;
  handle.child.kill(signal);
  const timer = setTimeout(() => handle.child.kill('SIGKILL'), graceMs);
  await handle.exited;
  clearTimeout(timer);
}

module.exports = { answers, logTail, startChild, stopChild, waitFor };
