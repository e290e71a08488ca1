const { createJestConfig } = require('../tooling/jest/create-jest-config.cjs');

module.exports = createJestConfig({ dir: __dirname });
