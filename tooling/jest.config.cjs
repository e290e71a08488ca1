// Repository-wide checks (import boundaries) and the build tooling's own tests.
module.exports = {
  rootDir: __dirname,
  testEnvironment: 'node',
  testMatch: ['<rootDir>/architecture/**/*.test.cjs', '<rootDir>/*.test.cjs', '<rootDir>/**/*.test.cjs'],
  testPathIgnorePatterns: ['/node_modules/'],
  transform: {},
};
