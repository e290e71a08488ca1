#!/usr/bin/env node
// After a remote's production build: renders the first screen of each route the
// remote lists in `federation.firstScreens` (its package.json) to HTML, with the
// remote's own page components and no data yet (what the page shows while its
// data loads: heading, text, loading status). Writes dist/first-screens.json,
// which the shell's server reads to send those pages' first screen in the HTML,
// so it paints before any script has run. The Node bundle stays in .first-screens/
// for the remote's server, which draws the routes that read API data again with
// that data (see live-first-screens.cjs).
//
//   samgyup-first-screens   (the bin of @samgyup/build-kit, run in the remote's folder)
const { spawnSync } = require('node:child_process');
const { existsSync, readFileSync, writeFileSync } = require('node:fs');
const path = require('node:path');
const { ASSET_ORIGIN, checkFirstScreen } = require('@samgyup/site-server/first-screen-markup');
const { PAGE_FILES_FILE } = require('../webpack/page-files-plugin.cjs');
const { firstScreenStyles } = require('./first-screen-styles.cjs');

process.env.NODE_ENV = 'production';
const remoteDir = process.cwd();
const { federation } = require(path.join(remoteDir, 'package.json'));
const routes = federation.firstScreens ?? [];
const dist = path.join(remoteDir, 'dist');
const outDir = path.join(remoteDir, '.first-screens');

// A remote may draw routes only for signed-in visitors (federation.signedInFirstScreens): its server-side renderer is still built.
if (routes.length === 0 && (federation.signedInFirstScreens ?? []).length === 0) {
  console.log(`${federation.name} lists no first screens.`);
  process.exit(0);
}

const built = spawnSync(
  process.execPath,
  [require.resolve('webpack-cli/bin/cli.js'), '--config', path.join(__dirname, 'webpack.first-screens.cjs'), '--env', `remoteDir=${remoteDir}`],
  { cwd: remoteDir, stdio: ['ignore', 'ignore', 'inherit'] },
);
if (built.status !== 0) {
  console.error(`Rendering the first screens of ${federation.name} failed to build.`);
  process.exit(1);
}

/** @type {import('./first-screen-styles.cjs').FederationManifest} */
const manifest = JSON.parse(readFileSync(path.join(dist, 'mf-manifest.json'), 'utf8'));
const pageFilesPath = path.join(dist, PAGE_FILES_FILE);
/** @type {import('./first-screen-styles.cjs').PageFiles | null} */
const pageFiles = existsSync(pageFilesPath) ? JSON.parse(readFileSync(pageFilesPath, 'utf8')) : null;

const { renderFirstScreen } = require(path.join(outDir, 'render-first-screen.cjs'));

(async () => {
  /** @type {Record<string, { html: string, styles: string[] }>} */
  const screens = {};
  for (const route of routes) {
    const html = await renderFirstScreen(route);
    checkFirstScreen(route, html);
    screens[route] = { html, styles: firstScreenStyles(manifest, pageFiles, route) };
  }
  writeFileSync(path.join(dist, 'first-screens.json'), JSON.stringify({ assetOrigin: ASSET_ORIGIN, routes: screens }));
  const sizes = Object.entries(screens).map(([route, { html }]) => `${route} ${(html.length / 1024).toFixed(1)} KB`);
  console.log(`First screens of ${federation.name}: ${sizes.join(', ')}.`);
})().catch((error) => {
  console.error(`Rendering the first screens of ${federation.name} failed:`, error);
  process.exit(1);
});
