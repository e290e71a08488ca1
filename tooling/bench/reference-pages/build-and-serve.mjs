// Two pages the bench builds itself and measures in the same run and the same
// Chromium as the site: a bare React page, and a bare Module Federation host with
// one remote (React shared as a singleton). Same webpack, federation and React as
// the site, production mode, none of the site's own tuning. A page's blocking time
// and main-thread work divided by these say how heavy the site is whatever the
// speed of the machine that day.
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ModuleFederationPlugin } from '@module-federation/enhanced/webpack';
import HtmlWebpackPlugin from 'html-webpack-plugin';
import webpack from 'webpack';

const require = createRequire(import.meta.url);
const { closeServer, contentSecurityPolicy, createStaticServer, listen } = require('@samgyup/site-server');
const here = path.dirname(fileURLToPath(import.meta.url));
const shared = { react: { singleton: true }, 'react-dom': { singleton: true } };

/**
 * One page's webpack build (a remote has no entry of its own).
 * @param {{ name: string, entry?: string, outputPath: string, plugins: import('webpack').WebpackPluginInstance[] }} options
 * @returns {import('webpack').Configuration}
 */
function config({ name, entry, outputPath, plugins }) {
  return {
    name,
    mode: 'production',
    context: here,
    entry: entry ? { main: path.join(here, entry) } : {},
    output: { path: outputPath, publicPath: 'auto', filename: '[name].js', chunkFilename: '[name].[contenthash:8].js', uniqueName: name, clean: true },
    devtool: false,
    performance: { hints: false },
    plugins,
  };
}

const page = (/** @type {string} */ title) => new HtmlWebpackPlugin({ template: path.join(here, 'reference-page.html'), title, scriptLoading: 'defer' });

/** @param {import('webpack').Configuration[]} configs */
function compile(configs) {
  return new Promise((resolve, reject) => {
    webpack(configs, (error, stats) => {
      if (error) return reject(error);
      if (stats?.hasErrors()) return reject(new Error(stats.toString({ all: false, errors: true })));
      return resolve(undefined);
    });
  });
}

/**
 * Builds the reference pages into a temporary folder and serves them on loopback.
 * @param {{ host: string, ports: { react: number, federationHost: number, federationRemote: number } }} options
 * @returns {Promise<{ pages: { name: string, label: string, url: string }[], close: () => Promise<void> }>}
 */
export async function startReferencePages({ host, ports }) {
  const out = mkdtempSync(path.join(tmpdir(), 'samgyup-bench-reference-'));
  const dirs = { react: path.join(out, 'bare-react'), federationHost: path.join(out, 'federation-host'), federationRemote: path.join(out, 'federation-remote') };
  const remoteOrigin = `http://${host}:${ports.federationRemote}`;
  await compile([
    config({ name: 'bare_react', entry: 'bare-react-entry.mjs', outputPath: dirs.react, plugins: [page('A bare React page')] }),
    config({
      name: 'reference_host',
      entry: 'federation-host-entry.mjs',
      outputPath: dirs.federationHost,
      plugins: [
        new ModuleFederationPlugin({ name: 'reference_host', remotes: { reference_remote: `reference_remote@${remoteOrigin}/mf-manifest.json` }, shared, dts: false }),
        page('A bare Module Federation host'),
      ],
    }),
    config({
      name: 'reference_remote',
      outputPath: dirs.federationRemote,
      plugins: [
        new ModuleFederationPlugin({
          name: 'reference_remote',
          filename: 'remoteEntry.js',
          exposes: { './page': './federation-remote-page.mjs' },
          shared,
          dts: false,
          manifest: true,
        }),
      ],
    }),
  ]);
  // Served as the site is (compressed, with its headers), so only the pages differ.
  const servers = [
    createStaticServer({ root: () => dirs.react, spa: true }),
    createStaticServer({ root: () => dirs.federationHost, spa: true, csp: contentSecurityPolicy({ scriptOrigins: [remoteOrigin] }) }),
    createStaticServer({ root: () => dirs.federationRemote, cors: true }),
  ];
  await Promise.all(servers.map((server, index) => listen(server, [ports.react, ports.federationHost, ports.federationRemote][index], host)));
  return {
    pages: [
      { name: 'bare-react', label: 'bare React page', url: `http://${host}:${ports.react}/` },
      { name: 'bare-federation', label: 'bare MF host + 1 remote', url: `http://${host}:${ports.federationHost}/` },
    ],
    close: async () => {
      await Promise.all(servers.map((server) => closeServer(server)));
      rmSync(out, { recursive: true, force: true });
    },
  };
}
