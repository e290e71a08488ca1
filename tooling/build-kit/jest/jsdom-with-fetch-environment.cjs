// jsdom has no fetch, Response, Request or Headers; Node 20 has them. Pages call
// fetch through the shared API client, and tests stub it at that boundary.
const JsdomEnvironment = require('jest-environment-jsdom').default;

class JsdomWithFetchEnvironment extends JsdomEnvironment {
  /** @override */
  async setup() {
    await super.setup();
    for (const name of ['fetch', 'Response', 'Request', 'Headers', 'TextEncoder', 'TextDecoder', 'structuredClone']) {
      if (typeof this.global[name] === 'undefined') this.global[name] = globalThis[name];
    }
  }
}

module.exports = JsdomWithFetchEnvironment;
