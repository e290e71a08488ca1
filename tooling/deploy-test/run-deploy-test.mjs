#!/usr/bin/env node
// The deployment test (`node tooling/run-tests.mjs deploy`): follows
// docs/deploy.md on this machine with programs from Debian's packages, then
// runs the end-to-end tests against what it deployed. A self-signed
// certificate; a PostgreSQL cluster of its own (or DEPLOY_TEST_DATABASE_URL);
// two API replicas on it sharing their secrets; every part released into a
// releases folder under the proxy's /releases/; the servers of the remotes
// that draw first screens with data and the shell's server; nginx in front
// with TLS. Everything it starts is stopped at the end, also on failure.
//
//   node tooling/deploy-test/run-deploy-test.mjs [--jest-output FILE] [jest arguments, e.g. reviews]
//   node tooling/deploy-test/run-deploy-test.mjs --serve    deploy, print the addresses, run until Ctrl-C
//
// Ports: E2E_PORT_BASE (default 3100) + 50.. for the site's servers, + 1050..
// for the APIs and PostgreSQL, + 5050/5051 for nginx (https/http).
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { apiServerArgs, e2eApiEnv, remoteDescriptors, repoRoot, startPostgres, testPortBase } from '@samgyup/dev-site';

const require = createRequire(import.meta.url);
const { answers, logTail, startChild, stopChild, waitFor } = require('./child-processes.cjs');
const { fillTemplate, mainConfig, readSiteTemplate } = require('./nginx-config.cjs');
const { makeCertificate } = require('./self-signed-certificate.cjs');
const { findSystemPrograms } = require('./system-programs.cjs');

const JEST_LIMIT_MS = 25 * 60_000;
const { values: options, positionals: jestFilters } = parseArgs({
  allowPositionals: true,
  options: { 'jest-output': { type: 'string' }, serve: { type: 'boolean', default: false } },
});

const base = testPortBase();
const remotes = remoteDescriptors();
const ports = {
  shell: base + 50,
  remotes: Object.fromEntries(remotes.map((remote, index) => [remote.name, base + 51 + index])),
  api: [base + 1050, base + 1051],
  spareApi: [base + 1052, base + 1053],
  postgres: base + 1060,
  https: base + 5050,
  http: base + 5051,
};
const siteOrigin = `https://127.0.0.1:${ports.https}`;
/** Remotes whose routes read API data: their servers draw those first screens with it, behind the proxy. */
const drawingRemotes = remotes.filter((remote) => remote.routeData);

const started = Date.now();
/** @type {import('./child-processes.cjs').ChildHandle[]} */
const children = [];
/** @type {ReturnType<typeof startPostgres> | null} */
let postgres = null;
/** @type {string | null} */
let workDir = null;
const say = (/** @type {string} */ line) => console.log(`deploy [${((Date.now() - started) / 1000).toFixed(1)} s] ${line}`);

async function cleanUp() {
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

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => {
    console.error(`deploy: ${signal}, stopping everything it started`);
    void cleanUp().then(() => process.exit(130));
  });
}

function checkBuilt() {
  const needed = ['api/dist/server.js', 'shell/dist/index.html', ...remotes.map((remote) => `${remote.folder}/dist/mf-manifest.json`)];
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
  say(`released ${workspace}: ${/is live|already live/.exec(result.stdout) ? result.stdout.trim().split('\n').at(-1) : 'done'}`);
}

async function deploy() {
  const programs = findSystemPrograms({ needServer: !process.env.DEPLOY_TEST_DATABASE_URL });
  checkBuilt();
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

  let databaseUrl = process.env.DEPLOY_TEST_DATABASE_URL;
  if (!databaseUrl) {
    postgres = startPostgres({ folder: folder('postgres'), port: ports.postgres, bin: programs.postgresBin, password: randomBytes(12).toString('hex') });
    databaseUrl = postgres.url;
    say(`PostgreSQL cluster on 127.0.0.1:${ports.postgres} (${programs.postgresBin})`);
  }

  // Every Node process trusts the test's certificate, and so does Chromium (that key only).
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

  // One replica after the other: the demo data's first-run seeding takes no lock, so two replicas seeding at once collide.
  for (const [index, port] of ports.api.entries()) {
    const api = startChild(`api-${index + 1}`, process.execPath, apiServerArgs(), {
      cwd: repoRoot,
      logDir,
      env: {
        ...trusted,
        ...secrets,
        ...e2eApiEnv,
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
    await waitFor(`${api.label} answering /api/health`, () => answers(`http://127.0.0.1:${port}/api/health`, { status: 200 }), { handle: api, timeoutMs: 90_000 });
  }
  say(`API replicas on ${ports.api.map((port) => `127.0.0.1:${port}`).join(', ')}`);

  // Nothing answers yet, so no browser check: the shell first, then every remote under the proxy's /releases/.
  const releaseEnv = { ...trusted, ...siteEnv };
  release('shell', ['--no-check'], releaseEnv);
  for (const remote of remotes) release(remote.folder, ['--no-check', '--base-url', `${siteOrigin}/releases/${remote.name}/`], releaseEnv);

  const nginxDir = folder('nginx');
  const values = {
    SAMGYUP_SERVER_NAME: '127.0.0.1',
    SAMGYUP_HTTPS_LISTEN: `127.0.0.1:${ports.https}`,
    SAMGYUP_HTTP_LISTEN: `127.0.0.1:${ports.http}`,
    SAMGYUP_TLS_CERT: certificate.cert,
    SAMGYUP_TLS_KEY: certificate.key,
    SAMGYUP_RELEASES_DIR: releasesDir,
    SAMGYUP_SHELL_SERVER: `127.0.0.1:${ports.shell}`,
    ...Object.fromEntries(ports.api.map((port, index) => [`SAMGYUP_API_${index + 1}`, `127.0.0.1:${port}`])),
    ...Object.fromEntries(drawingRemotes.map((remote) => [`SAMGYUP_${remote.name.toUpperCase()}_SERVER`, `127.0.0.1:${ports.remotes[remote.name]}`])),
  };
  const siteFile = path.join(nginxDir, 'samgyup.conf');
  const mainFile = path.join(nginxDir, 'nginx.conf');
  writeFileSync(siteFile, fillTemplate(readSiteTemplate(), values));
  writeFileSync(mainFile, mainConfig({ prefix: nginxDir, siteFile }));
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

  if (options.serve) {
    say(`serving until Ctrl-C. Chromium and Node need the certificate: NODE_EXTRA_CA_CERTS=${certificate.cert}, RELEASES_DIR=${releasesDir}, DATA_DIR=${dataDir}`);
    await new Promise(() => undefined);
  }
  say('end-to-end tests against the deployment');
  const jestArgs = [path.join(repoRoot, 'node_modules', 'jest', 'bin', 'jest.js'), '--config', path.join(repoRoot, 'e2e', 'jest.config.cjs'), '--runInBand'];
  if (options['jest-output']) jestArgs.push('--json', `--outputFile=${path.resolve(options['jest-output'])}`);
  jestArgs.push(...jestFilters);
  const jest = startChild('jest', process.execPath, jestArgs, {
    cwd: repoRoot,
    logDir: null,
    env: {
      ...trusted,
      ...secrets,
      E2E_SITE_ORIGIN: siteOrigin,
      E2E_API_ORIGIN: siteOrigin,
      E2E_DATA_DIR: dataDir,
      E2E_RELEASES_DIR: releasesDir,
      E2E_DEPLOYMENT: JSON.stringify({
        httpOrigin: `http://127.0.0.1:${ports.http}`,
        apiReplicas: ports.api.map((port) => `http://127.0.0.1:${port}`),
        spareApiPorts: ports.spareApi,
        databaseUrl,
        postgresBin: programs.postgresBin,
        siteEnv,
      }),
    },
  });
  children.push(jest);
  const watchdog = setTimeout(() => {
    console.error(`deploy: the end-to-end tests ran past ${JEST_LIMIT_MS / 60_000} minutes; stopping them`);
    void stopChild(jest);
  }, JEST_LIMIT_MS);
  const { code } = await jest.exited;
  clearTimeout(watchdog);
  if (code !== 0) {
    for (const handle of children.filter((child) => child !== jest)) console.error(`\n--- ${handle.label} (last lines) ---\n${logTail(handle, 15)}`);
  }
  return code ?? 1;
}

let status = 1;
try {
  status = await deploy();
} catch (error) {
  console.error(`\ndeploy: ${error.message}`);
} finally {
  await cleanUp();
  say(status === 0 ? 'done: everything it started is stopped' : 'failed; everything it started is stopped');
}
process.exit(status);
