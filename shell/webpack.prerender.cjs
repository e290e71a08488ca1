// Builds the home-page and layout prerenderer for Node (see src/prerender).
const path = require('node:path');
const { nodeRenderConfig } = require('@samgyup/build-kit');

module.exports = nodeRenderConfig({
  context: __dirname,
  entry: './src/prerender/render-home-page.tsx',
  outputPath: path.join(__dirname, '.prerender'),
  filename: 'render-home-page.cjs',
  publicPath: '/',
});
