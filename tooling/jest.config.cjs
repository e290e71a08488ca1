// Repository-wide checks (import boundaries) that belong to no single workspace.
module.exports = {
  rootDir: __dirname,
  testEnvironment: 'node',
  testMatch: ['<rootDir>/architecture/**/*.test.cjs'],
  transform: {},
};
