// The end-to-end test files that stop, move, add or release the site's own servers (canaries:
// and have the suite's API judge them), or start an API of their own (online-payment: one set to PayMongo's provider against the
// fake): they run only on a site the tests start themselves, never against a deployment
// (jest.config.cjs), and they are what `npm test` runs on that site (tooling/run-tests.mjs).
const OWN_SITE_TESTS = ['remote-down', 'runtime-remotes', 'releases', 'canaries', 'online-payment'];

/** Jest path patterns for those files. */
const ownSiteTestPatterns = () => OWN_SITE_TESTS.map((name) => `/${name}\\.e2e\\.test\\.ts$`);

module.exports = { OWN_SITE_TESTS, ownSiteTestPatterns };
