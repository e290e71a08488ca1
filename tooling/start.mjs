#!/usr/bin/env node
// `npm start`: build what is out of date, release each new build locally (no
// browser check), then serve the whole site on loopback: the API (embedded
// PostgreSQL in ./.data), the shell and every remote, following the release
// registry in ./.releases.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { releaseAndServe, remoteDescriptors, repoRoot, startApi } from '@samgyup/dev-site';
import { loadSiteSettings } from '@samgyup/site-server';
import buildKit from '@samgyup/build-kit';

const { staleBuildReason } = buildKit;
const settings = loadSiteSettings();
const remotes = remoteDescriptors().map((remote) => ({ ...remote, port: settings.remotePort(remote.name, remote.port) }));

/**
 * @param {string} target  a file or folder
 * @returns {number}
 */
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
 * @param {string} folder @param {string} builtFile
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
  // A part's build also records its sources' hashes: the release refuses it once they differ, so rebuild then too.
  const stale = folder !== 'api' && builtAt > 0 && staleBuildReason(dir) !== null;
  if (builtAt >= sources && !stale && !process.argv.includes('--rebuild')) return;
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
// The API and the site's servers start side by side; a failure of either stops the other.
const [apiStart, siteStart] = await Promise.allSettled([
  startApi({
    port: settings.apiPort,
    host: settings.host,
    env: { ...process.env, CORS_ORIGINS: process.env.CORS_ORIGINS || siteOrigins.join(',') },
  }),
  releaseAndServe({ settings }),
]);
if (apiStart.status === 'rejected' || siteStart.status === 'rejected') {
  for (const start of [apiStart, siteStart]) if (start.status === 'rejected') console.error(start.reason.message);
  if (apiStart.status === 'fulfilled') await apiStart.value.stop();
  if (siteStart.status === 'fulfilled') await siteStart.value.close();
  process.exit(1);
}
const api = apiStart.value;
const site = siteStart.value;

let stopping = false;
/** @param {number} code */
async function stop(code) {
  if (stopping) return;
  stopping = true;
  await site.close();
  await api.stop();
  process.exit(code);
}
process.on('SIGINT', () => void stop(0));
process.on('SIGTERM', () => void stop(0));
api.child.on('exit', (code) => {
  if (!stopping) {
    console.error(`The API exited (code ${code}). Stopping the site.`);
    void stop(1);
  }
});

console.log(`
  Samgyup Plaridel is running.

    Site     ${settings.shellOrigin}
    API      ${settings.apiOrigin}
${remotes.map((remote) => `    ${remote.name.padEnd(16)} http://${settings.host}:${remote.port}`).join('\n')}
    Releases ${settings.releasesDir} (npm run releases)

  Open ${settings.shellOrigin} in your browser. Press Ctrl-C to stop.
`);
