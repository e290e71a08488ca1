const { createWebpackConfig } = require('@samgyup/build-kit');
const { buildRemotesManifest } = require('@samgyup/dev-site');
const { federation } = require('./package.json');

module.exports = createWebpackConfig({
  dir: __dirname,
  name: federation.name,
  port: Number(process.env.SHELL_PORT) || federation.port,
  devServer: {
    setupMiddlewares(middlewares) {
      // The dev shell reads remotes the same way production does: from /remotes.json.
      middlewares.unshift({
        name: 'remotes-manifest',
        path: '/remotes.json',
        middleware: (_req, res) => {
          res.setHeader('Content-Type', 'application/json');
          res.end(JSON.stringify(buildRemotesManifest((remote) => `http://127.0.0.1:${remote.port}`)));
        },
      });
      return middlewares;
    },
  },
});
