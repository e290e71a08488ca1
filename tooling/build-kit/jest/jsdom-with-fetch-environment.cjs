// jsdom has no fetch, Response, Request or Headers; Node 20 has them. Pages call
// fetch through the shared API client, and tests stub it at that boundary.
const JsdomEnvironment = require('jest-environment-jsdom').default;

class JsdomWithFetchEnvironment extends JsdomEnvironment {
  /** @override */
  async setup() {
    await super.setup();
    const target = /** @type {Record<string, unknown>} */ (/** @type {unknown} */ (this.global));
    const node = /** @type {Record<string, unknown>} */ (/** @type {unknown} */ (globalThis));
    for (const name of ['fetch', 'Response', 'Request', 'Headers', 'TextEncoder', 'TextDecoder', 'structuredClone']) {
      if (typeof target[name] === 'undefined') target[name] = node[name];
    }
  }
}

module.exports = JsdomWithFetchEnvironment;
