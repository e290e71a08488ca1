// The site deployed on this machine as docs/deploy.md deploys it: a self-signed
// certificate; the API's replicas on PostgreSQL (a cluster of its own or one it
// is given) or on the embedded database; every part released into a releases
// folder under the proxy's /releases/; the servers of the remotes that draw
// first screens with data and the shell's server; nginx in front with TLS and
// HTTP/2, so the browser sees one origin. The deployment test runs the
// end-to-end tests against it; the bench measures the pages diners get from it.
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { apiServerArgs, remoteDescriptors, repoRoot, startPostgres } from '@samgyup/dev-site';

const require = createRequire(import.meta.url);
const { answers, logTail, startChild, stopChild, waitFor } = require('./child-processes.cjs');
const { fillTemplate, mainConfig, readSiteTemplate } = require('./nginx-config.cjs');
const { makeCertificate } = require('./self-signed-certificate.cjs');
const { findProxyPrograms, findSystemPrograms } = require('./system-programs.cjs');

/**
 * @typedef {{ shell: number, remotes: Record<string, number>, api: number[], postgres?: number, https: number, http: number }} DeploymentPorts
 * @typedef {'own-postgres' | 'embedded' | { url: string }} DeploymentDatabase
 *   own-postgres: a throwaway cluster; embedded: the API's PGlite in its data folder (one replica); url: a server it is given
 */

/** The remotes' and API's builds the deployment serves; a missing one stops it before anything starts. */
function checkBuilt() {
  const needed = ['api/dist/server.js', 'shell/dist/index.html', ...remoteDescriptors().map((remote) => `${remote.folder}/dist/mf-manifest.json`)];
  const missing = needed.filter((file) => !existsSync(path.join(repoRoot, file)));
  if (missing.length > 0) throw new Error(`Not built: ${missing.join(', ')}. Run "npm run build" first.`);
}

/**
 * `npm run release -w <workspace> -- …` as a team runs it, with a time limit.
 * @param {string} folder @param {string[]} args @param {NodeJS.ProcessEnv} env
 */
function release(folder, args, env) {
  const workspace = JSON.parse(readFileSync(path.join(repoRoot, folder, 'package.json'), 'utf8')).name;
  const result = spawnSync('npm', ['run', 'release', '-w', workspace, '--', ...args], { cwd: repoRoot, env, encoding: 'utf8', timeout: 120_000 });
  if (result.status !== 0) throw new Error(`npm run release -w ${workspace} -- ${args.join(' ')} failed:\n${`${result.stdout}${result.stderr}`.slice(-3000)}`);
  return /is live|already live/.exec(result.stdout) ? result.stdout.trim().split('\n').at(-1) : 'done';
}

/**
 * A deployment, not yet started: `start()` brings it up, `stop()` stops everything it started
 * (also half-way through a start that failed, or from a signal handler).
 * @param {object} options
 * @param {DeploymentPorts} options.ports
 * @param {DeploymentDatabase} options.database
 * @param {NodeJS.ProcessEnv} [options.apiEnv]   more settings for every API replica
 * @param {(line: string) => void} [options.say]
 */
export function localDeployment({ ports, database, apiEnv = {}, say = () => undefined }) {
  if (database === 'embedded' && ports.api.length !== 1) throw new Error('The embedded database is one API replica’s own: give one API port.');
  const remotes = remoteDescriptors();
  /** Remotes whose routes read API data: their servers draw those first screens with it, behind the proxy. */
  const drawingRemotes = remotes.filter((remote) => remote.routeData);
  const siteOrigin = `https://127.0.0.1:${ports.https}`;
  /** @type {import('./child-processes.cjs').ChildHandle[]} */
  const children = [];
  /** @type {ReturnType<typeof startPostgres> | null} */
  let postgres = null;
  /** @type {string | null} */
  let workDir = null;

  async function stop() {
    // The proxy first, the database last: nothing is left asking a stopped server.
    for (const handle of children.splice(0).reverse()) await stopChild(handle);
    if (postgres) {
      try {
        postgres.stop();
      } catch (error) {
        console.error(`PostgreSQL did not stop cleanly: ${error.message}`);
      }
      postgres = null;
    }
    if (workDir) rmSync(workDir, { recursive: true, force: true });
    workDir = null;
  }

  async function start() {
    checkBuilt();
    const programs =
      database === 'own-postgres'
        ? findSystemPrograms({ needServer: true })
        : typeof database === 'object'
          ? findSystemPrograms({ needServer: false })
          : { ...findProxyPrograms(), postgresBin: null };
    const work = mkdtempSync(path.join(tmpdir(), 'samgyup-deploy-'));
    workDir = work;
    chmodSync(work, 0o755); // the postgres user reaches its cluster's folder through it
    const folder = (/** @type {string} */ name) => {
      const dir = path.join(work, name);
      mkdirSync(dir, { recursive: true });
      return dir;
    };
    const logDir = folder('logs');
    const releasesDir = folder('releases');
    const dataDir = folder('api-data');

    const certificate = makeCertificate(folder('tls'), programs.openssl);
    say(`self-signed certificate for 127.0.0.1 (public key ${certificate.spki})`);

    let databaseUrl = '';
    if (typeof database === 'object') databaseUrl = database.url;
    else if (database === 'own-postgres' && programs.postgresBin) {
      if (ports.postgres === undefined) throw new Error('A deployment on its own PostgreSQL cluster needs ports.postgres.');
      postgres = startPostgres({ folder: folder('postgres'), port: ports.postgres, bin: programs.postgresBin, password: randomBytes(12).toString('hex') });
      databaseUrl = postgres.url;
      say(`PostgreSQL cluster on 127.0.0.1:${ports.postgres} (${programs.postgresBin})`);
    }

    // Every Node process trusts the certificate, and so does Chromium (that key only).
    const trusted = { ...process.env, NODE_EXTRA_CA_CERTS: certificate.cert, CHROMIUM_ACCEPT_CERT_SPKI: certificate.spki };
    const secrets = { JWT_SECRET: randomBytes(32).toString('hex'), CAPTCHA_HMAC_SECRET: randomBytes(32).toString('hex'), MANAGE_LINK_SECRET: randomBytes(32).toString('hex') };
    const siteEnv = {
      SITE_HOST: '127.0.0.1',
      SHELL_PORT: String(ports.shell),
      API_URL: siteOrigin,
      SITE_URL: siteOrigin,
      RELEASES_DIR: releasesDir,
      ...Object.fromEntries(remotes.map((remote) => [`${remote.name.toUpperCase()}_PORT`, String(ports.remotes[remote.name])])),
    };

    /** @type {Array<number | undefined>} */
    const apiPids = [];
    // One replica after the other: the demo data's first-run seeding takes no lock, so two replicas seeding at once collide.
    for (const [index, port] of ports.api.entries()) {
      const api = startChild(`api-${index + 1}`, process.execPath, apiServerArgs(), {
        cwd: repoRoot,
        logDir,
        env: {
          ...trusted,
          ...secrets,
          ...apiEnv,
          API_PORT: String(port),
          API_HOST: '127.0.0.1',
          DATA_DIR: dataDir,
          DATABASE_URL: databaseUrl,
          CORS_ORIGINS: siteOrigin,
          SITE_URL: siteOrigin,
          TRUST_PROXY: 'loopback',
          // The registry the servers follow, read for the admins' Releases screen.
          RELEASES_DIR: releasesDir,
          LOG_LEVEL: 'warn',
        },
      });
      children.push(api);
      apiPids.push(api.child.pid);
      await waitFor(`${api.label} answering /api/health`, () => answers(`http://127.0.0.1:${port}/api/health`, { status: 200 }), { handle: api, timeoutMs: 90_000 });
    }
    say(`API replicas on ${ports.api.map((port) => `127.0.0.1:${port}`).join(', ')}`);

    // Nothing answers yet, so no browser check: the shell first, then every remote under the proxy's /releases/.
    const releaseEnv = { ...trusted, ...siteEnv };
    say(`released @samgyup/shell: ${release('shell', ['--no-check'], releaseEnv)}`);
    for (const remote of remotes) {
      say(`released ${remote.folder}: ${release(remote.folder, ['--no-check', '--base-url', `${siteOrigin}/releases/${remote.name}/`], releaseEnv)}`);
    }

    const nginxDir = folder('nginx');
    // The guide's upstream has two API lines; a deployment of one replica names it twice.
    const apiServers = ports.api.length === 1 ? [ports.api[0], ports.api[0]] : ports.api;
    const values = {
      SAMGYUP_SERVER_NAME: '127.0.0.1',
      SAMGYUP_HTTPS_LISTEN: `127.0.0.1:${ports.https}`,
      SAMGYUP_HTTP_LISTEN: `127.0.0.1:${ports.http}`,
      SAMGYUP_TLS_CERT: certificate.cert,
      SAMGYUP_TLS_KEY: certificate.key,
      SAMGYUP_RELEASES_DIR: releasesDir,
      SAMGYUP_SHELL_SERVER: `127.0.0.1:${ports.shell}`,
      ...Object.fromEntries(apiServers.map((port, index) => [`SAMGYUP_API_${index + 1}`, `127.0.0.1:${port}`])),
      ...Object.fromEntries(drawingRemotes.map((remote) => [`SAMGYUP_${remote.name.toUpperCase()}_SERVER`, `127.0.0.1:${ports.remotes[remote.name]}`])),
    };
    const siteFile = path.join(nginxDir, 'samgyup.conf');
    const mainFile = path.join(nginxDir, 'nginx.conf');
    writeFileSync(siteFile, fillTemplate(readSiteTemplate(), values));
    writeFileSync(mainFile, mainConfig({ prefix: nginxDir, siteFile, modules: [programs.brotliStatic] }));
    const syntax = spawnSync(programs.nginx, ['-t', '-q', '-c', mainFile, '-p', `${nginxDir}/`], { encoding: 'utf8', timeout: 30_000 });
    if (syntax.status !== 0) throw new Error(`nginx refuses the configuration:\n${syntax.stderr}`);
    const nginx = startChild('nginx', programs.nginx, ['-c', mainFile, '-p', `${nginxDir}/`], { logDir, env: trusted });
    children.push(nginx);
    await waitFor('the site answering through nginx', () => answers(`${siteOrigin}/api/health`, { status: 200, ca: readFileSync(certificate.cert) }), { handle: nginx });
    say(`nginx: ${siteOrigin} (and http://127.0.0.1:${ports.http}, redirecting)`);

    // These servers read the API and the remotes' files at their public addresses (through nginx), so they start after it.
    for (const remote of drawingRemotes) {
      children.push(
        startChild(remote.name, process.execPath, [path.join(repoRoot, 'site-server', 'bin', 'serve-remote.mjs'), remote.name], { cwd: repoRoot, logDir, env: releaseEnv }),
      );
    }
    for (const handle of children.filter((child) => child.label in ports.remotes)) {
      await waitFor(`${handle.label} listening`, () => answers(`http://127.0.0.1:${ports.remotes[handle.label]}/`), { handle });
    }
    const shell = startChild('shell', process.execPath, [path.join(repoRoot, 'site-server', 'bin', 'serve-shell.mjs')], { cwd: repoRoot, logDir, env: releaseEnv });
    children.push(shell);
    await waitFor('the home page through nginx', () => answers(`${siteOrigin}/`, { status: 200, ca: readFileSync(certificate.cert) }), { handle: shell });
    say(`shell's server on 127.0.0.1:${ports.shell}; ${drawingRemotes.map((remote) => `${remote.name} on 127.0.0.1:${ports.remotes[remote.name]}`).join(', ')}`);

    return { siteOrigin, certificate, trusted, secrets, siteEnv, releasesDir, dataDir, databaseUrl, postgresBin: programs.postgresBin, logDir, apiPids };
  }

  return {
    siteOrigin,
    start,
    stop,
    /** The last lines of each server it started but `except`: what a failure report shows. @param {import('./child-processes.cjs').ChildHandle[]} [except] */
    logTails: (except = []) => children.filter((handle) => !except.includes(handle)).map((handle) => `\n--- ${handle.label} (last lines) ---\n${logTail(handle, 15)}`),
    /** Keeps a process of the caller's to stop with the rest. @param {import('./child-processes.cjs').ChildHandle} handle */
    keep: (handle) => children.push(handle),
  };
}
