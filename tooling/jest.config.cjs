// Repository-wide checks (import boundaries) and the site's own servers, which belong to no single workspace.
module.exports = {
  rootDir: __dirname,
  testEnvironment: 'node',
  testMatch: ['<rootDir>/architecture/**/*.test.cjs', '<rootDir>/*.test.cjs', '<rootDir>/first-screens/*.test.cjs'],
  transform: {},
};
