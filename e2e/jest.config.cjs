const path = require('node:path');
const { ownSiteTestPatterns } = require('./own-site-tests.cjs');

// Against a deployment the tests did not start (E2E_SITE_ORIGIN, set by
// tooling/deploy-test): the tests that stop, move, add or release the site's
// servers do not run, since that site is not theirs to change; the deployment's
// own checks run only there.
const ignored = process.env.E2E_SITE_ORIGIN ? ownSiteTestPatterns() : ['/deployment\\.e2e\\.test\\.ts$'];

// End-to-end tests: the production build of the shell and remotes, served as in
// production, a real API on a throwaway embedded database, and Debian's Chromium.
module.exports = {
  rootDir: __dirname,
  testEnvironment: 'node',
  roots: ['<rootDir>/src'],
  testMatch: ['**/*.e2e.test.ts'],
  testPathIgnorePatterns: ['/node_modules/', ...ignored],
  transform: {
    '^.+\\.tsx?$': ['ts-jest', { tsconfig: path.join(__dirname, 'tsconfig.json'), diagnostics: false }],
  },
  globalSetup: '<rootDir>/src/support/global-setup.ts',
  globalTeardown: '<rootDir>/src/support/global-teardown.ts',
  setupFiles: [require.resolve('@samgyup/build-kit/jest/setup-globals.cjs'), '<rootDir>/src/support/pinned-clock-setup.ts'],
  testSequencer: '<rootDir>/src/support/name-order-sequencer.cjs',
  testTimeout: 60_000,
};
