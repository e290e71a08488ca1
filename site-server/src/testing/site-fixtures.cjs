// What the site servers' tests share: a fetch that answers from a table, a
// released part's files on disk, the address a test server listens on, and a
// wait for what a server does on its own time.
const { mkdirSync, writeFileSync } = require('node:fs');
const path = require('node:path');
const { releaseFolder } = require('../release-registry.cjs');

/**
 * A fetch that answers each URL of `answers` with its JSON and refuses any other, as a server that is down does.
 * @param {Record<string, unknown>} answers
 */
function fakeFetch(answers) {
  /** @type {string[]} */
  const asked = [];
  /** @type {typeof fetch} */
  const fetchImpl = async (input) => {
    const url = input instanceof Request ? input.url : String(input);
    asked.push(url);
    if (!Object.hasOwn(answers, url)) throw new Error('connection refused');
    return Response.json(answers[url]);
  };
  return { fetchImpl, asked };
}

/**
 * Writes a released version's `dist/` files (name -> text) where the servers look for them.
 * @param {string} releasesDir @param {string} part @param {string} version @param {Record<string, string>} files
 */
function writeRelease(releasesDir, part, version, files) {
  for (const [name, text] of Object.entries(files)) {
    const file = path.join(releaseFolder(releasesDir, part, version), 'dist', name);
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, text);
  }
}

/** @param {import('node:http').Server} server  a server listening on a TCP port */
function originOf(server) {
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('the server does not listen on a TCP port');
  return `http://127.0.0.1:${address.port}`;
}

/**
 * Asks `read` again every 50 ms until `done` holds for its answer, and answers that; after `timeoutMs` it
 * throws, naming what it waited for and the last answer.
 * @template T
 * @param {() => T | Promise<T>} read @param {(value: T) => boolean} done @param {string} what @param {number} [timeoutMs]
 * @returns {Promise<T>}
 */
async function eventually(read, done, what, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline)
      throw new Error(`Waited ${timeoutMs / 1000} s for ${what}; the last answer: ${(typeof value === 'string' ? value : JSON.stringify(value)).slice(0, 300)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

module.exports = { eventually, fakeFetch, originOf, writeRelease };
