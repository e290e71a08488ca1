const base = require('./jest.config.cjs');

// The chaos suite (`node tooling/run-tests.mjs chaos`): two API processes on a
// PostgreSQL server the tests start, stop and start again. Needs the server
// binaries (Debian's `postgresql` package); no shared test database.
module.exports = {
  ...base,
  testMatch: ['**/*.chaos.test.ts'],
  testPathIgnorePatterns: [],
  globalSetup: undefined,
  globalTeardown: undefined,
  testTimeout: 180_000,
  maxWorkers: 1,
};
