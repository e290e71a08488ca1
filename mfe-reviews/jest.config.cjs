module.exports = require('@samgyup/build-kit').createJestConfig({ dir: __dirname });
