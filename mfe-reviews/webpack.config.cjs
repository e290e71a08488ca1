module.exports = require('@samgyup/build-kit').remoteWebpackConfig(__dirname);
