// Node bundle of a remote's pages for build-first-screens.cjs. Asset URLs start
// with ASSET_ORIGIN; the shell's server puts the remote's origin in its place.
const path = require('node:path');
const { nodeRenderConfig } = require('../webpack/node-render-config.cjs');
const { ASSET_ORIGIN } = require('@samgyup/site-server/first-screen-markup');

module.exports = (/** @type {{ remoteDir: string }} */ { remoteDir }) =>
  nodeRenderConfig({
    context: remoteDir,
    entry: path.join(__dirname, 'render-first-screen.mjs'),
    outputPath: path.join(remoteDir, '.first-screens'),
    filename: 'render-first-screen.cjs',
    publicPath: ASSET_ORIGIN,
    // The remote's pages and this entry must share one @samgyup/shared: the remote's
    // (a copy of the tree may build against another, e2e/src/support/build-part-variant.ts).
    alias: {
      'remote-pages$': path.join(remoteDir, 'src', 'pages.ts'),
      'remote-page-meta$': path.join(remoteDir, 'src', 'page-meta.ts'),
      'remote-package$': path.join(remoteDir, 'package.json'),
      'remote-shared$': require.resolve('@samgyup/shared', { paths: [remoteDir] }),
      'remote-shared-session$': require.resolve('@samgyup/shared/session', { paths: [remoteDir] }),
    },
    // Released with the remote and run by its server, away from this repository's node_modules.
    selfContained: true,
  });
