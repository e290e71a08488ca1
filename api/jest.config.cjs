const path = require('node:path');

// API tests build the app and call it with app.inject against a real, migrated
// database: PGlite by default, a PostgreSQL server when DATABASE_URL is set.
// @samgyup/shared resolves through its package.json `exports`, as the build does.
module.exports = {
  rootDir: __dirname,
  testEnvironment: 'node',
  roots: ['<rootDir>/src'],
  testMatch: ['**/*.test.ts'],
  // The chaos suite starts PostgreSQL servers and API processes of its own: `jest.chaos.config.cjs`.
  testPathIgnorePatterns: ['\\.chaos\\.test\\.ts$'],
  transform: {
    '^.+\\.ts$': ['ts-jest', { tsconfig: path.join(__dirname, 'tsconfig.json'), diagnostics: false }],
  },
  globalSetup: '<rootDir>/src/test/global-setup.ts',
  globalTeardown: '<rootDir>/src/test/global-teardown.ts',
  setupFiles: [require.resolve('@samgyup/build-kit/jest/setup-globals.cjs')],
  setupFilesAfterEnv: ['<rootDir>/src/test/restaurant-clock-setup.ts'],
  // Also the bound on each file's beforeAll, which builds an app on its own copy of the
  // database: 20-30 s each (PGlite's start most of it) with the two cores at load 26.
  testTimeout: 90_000,
  maxWorkers: 2,
};
