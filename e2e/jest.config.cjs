const path = require('node:path');

// End-to-end tests: the production build of the shell and remotes, served as in
// production, a real API on a throwaway embedded database, and Debian's Chromium.
module.exports = {
  rootDir: __dirname,
  testEnvironment: 'node',
  roots: ['<rootDir>/src'],
  testMatch: ['**/*.e2e.test.ts'],
  transform: {
    '^.+\\.tsx?$': ['ts-jest', { tsconfig: path.join(__dirname, 'tsconfig.json'), diagnostics: false }],
  },
  globalSetup: '<rootDir>/src/support/global-setup.ts',
  globalTeardown: '<rootDir>/src/support/global-teardown.ts',
  setupFiles: [require.resolve('@samgyup/build-kit/jest/setup-globals.cjs')],
  testTimeout: 60_000,
};
