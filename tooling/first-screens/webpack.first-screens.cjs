// Node bundle of a remote's pages for build-first-screens.cjs. Asset URLs start
// with ASSET_ORIGIN; the shell's server puts the remote's origin in its place.
const path = require('node:path');
const { nodeRenderConfig } = require('../webpack/node-render-config.cjs');
const { ASSET_ORIGIN } = require('@samgyup/site-server/first-screen-markup');

module.exports = ({ remoteDir }) =>
  nodeRenderConfig({
    context: remoteDir,
    entry: path.join(__dirname, 'render-first-screen.mjs'),
    outputPath: path.join(remoteDir, '.first-screens'),
    filename: 'render-first-screen.cjs',
    publicPath: ASSET_ORIGIN,
    alias: { 'remote-pages$': path.join(remoteDir, 'src', 'pages.ts') },
    // Released with the remote and run by its server, away from this repository's node_modules.
    selfContained: true,
  });
