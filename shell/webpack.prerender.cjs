// Builds the home-page and layout prerenderer for Node (see src/prerender), into
// .first-screens/ as the remotes' renderers are, so a release keeps it for the server.
const path = require('node:path');
const { nodeRenderConfig } = require('@samgyup/build-kit');

module.exports = nodeRenderConfig({
  context: __dirname,
  entry: './src/prerender/render-home-page.tsx',
  outputPath: path.join(__dirname, '.first-screens'),
  filename: 'render-home-page.cjs',
  publicPath: '/',
  // Released with the shell and run by the shell's server, away from this repository's node_modules.
  selfContained: true,
});
