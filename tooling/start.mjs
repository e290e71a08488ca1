#!/usr/bin/env node
// `npm start`: build what is out of date, release each new build locally (no
// browser check), then serve the whole site on loopback: the API (embedded
// PostgreSQL in ./.data), the shell and every remote, following the release
// registry in ./.releases.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { loadSiteSettings } from '@samgyup/site-server';

const require = createRequire(import.meta.url);
const { remoteDescriptors, repoRoot } = require('./remotes-manifest.cjs');
const { releaseAndServe } = require('./local-site.cjs');
const { apiServerArgs } = require('./api-server.cjs');
const settings = loadSiteSettings();
const remotes = remoteDescriptors().map((remote) => ({ ...remote, port: settings.remotePort(remote.name, remote.port) }));

function newestMtime(target) {
  if (!existsSync(target)) return 0;
  const info = statSync(target);
  if (!info.isDirectory()) return info.mtimeMs;
  let newest = info.mtimeMs;
  for (const entry of readdirSync(target)) {
    if (entry === 'node_modules' || entry === 'dist') continue;
    newest = Math.max(newest, newestMtime(path.join(target, entry)));
  }
  return newest;
}

/**
 * Builds `folder` when a source is newer than its last build. The last build
 * is the newest file in `dist/` (once the file a finished build leaves,
 * `builtFile`, is there): webpack does not rewrite files that came out the
 * same, so the stamp written after each build here keeps an edit that changes
 * no output from rebuilding on every start.
 */
function buildIfStale(folder, builtFile) {
  const dir = path.join(repoRoot, folder);
  const dist = path.join(dir, 'dist');
  const builtAt = existsSync(path.join(dir, builtFile)) ? newestMtime(dist) : 0;
  const sources = Math.max(
    newestMtime(path.join(dir, 'src')),
    newestMtime(path.join(dir, 'package.json')),
    newestMtime(path.join(repoRoot, 'shared', 'src')),
    newestMtime(path.join(repoRoot, 'tooling', 'build-kit')),
  );
  if (builtAt >= sources && !process.argv.includes('--rebuild')) return;
  console.log(`Building ${folder}…`);
  const result = spawnSync('npm', ['run', 'build', '-w', folder], { cwd: repoRoot, stdio: 'inherit' });
  if (result.status !== 0) {
    console.error(`The build of ${folder} failed; see the messages above.`);
    process.exit(result.status ?? 1);
  }
  writeFileSync(path.join(dist, '.built-by-npm-start'), `${new Date().toISOString()}\n`);
}

const parts = ['shell', ...remotes.map((remote) => remote.folder)];
for (const folder of parts) buildIfStale(folder, path.join('dist', 'mf-manifest.json'));
buildIfStale('api', path.join('dist', 'server.js'));

const siteOrigins = [settings.shellOrigin, `http://localhost:${settings.shellPort}`];
const api = spawn(process.execPath, apiServerArgs(), {
  cwd: repoRoot,
  stdio: 'inherit',
  env: {
    ...process.env,
    API_PORT: String(settings.apiPort),
    API_HOST: settings.host,
    CORS_ORIGINS: process.env.CORS_ORIGINS || siteOrigins.join(','),
  },
});

async function waitForApi(deadline = Date.now() + 60_000) {
  while (Date.now() < deadline) {
    if (api.exitCode !== null) throw new Error('The API stopped while starting; see the messages above.');
    try {
      const response = await fetch(`${settings.apiOrigin}/api/health`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error('The API did not answer /api/health within 60 seconds.');
}

let site;
try {
  site = await releaseAndServe({ settings });
} catch (error) {
  console.error(error.message);
  api.kill('SIGTERM');
  process.exit(1);
}

let stopping = false;
async function stop(code = 0) {
  if (stopping) return;
  stopping = true;
  await site.close();
  if (api.exitCode === null) {
    api.kill('SIGTERM');
    await new Promise((resolve) => api.once('exit', resolve));
  }
  process.exit(code);
}
process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));
api.on('exit', (code) => {
  if (!stopping) {
    console.error(`The API exited (code ${code}). Stopping the site.`);
    stop(1);
  }
});

try {
  await waitForApi();
} catch (error) {
  console.error(error.message);
  await stop(1);
}

console.log(`
  Samgyup Plaridel is running.

    Site     ${settings.shellOrigin}
    API      ${settings.apiOrigin}
${remotes.map((remote) => `    ${remote.name.padEnd(16)} http://${settings.host}:${remote.port}`).join('\n')}
    Releases ${settings.releasesDir} (npm run releases)

  Open ${settings.shellOrigin} in your browser. Press Ctrl-C to stop.
`);
