#!/usr/bin/env node
// The deployment test (`node tooling/run-tests.mjs deploy`): follows
// docs/deploy.md on this machine with programs from Debian's packages, then
// runs the end-to-end tests against what it deployed. A self-signed
// certificate; a PostgreSQL cluster of its own (or DEPLOY_TEST_DATABASE_URL);
// two API replicas on it sharing their secrets; every part released into a
// releases folder under the proxy's /releases/; the servers of the remotes
// that draw first screens with data and the shell's server; nginx in front
// with TLS (local-deployment.mjs, which the bench shares). Everything it
// starts is stopped at the end, also on failure.
//
//   node tooling/deploy-test/run-deploy-test.mjs [--jest-output FILE] [jest arguments, e.g. reviews]
//   node tooling/deploy-test/run-deploy-test.mjs --serve    deploy, print the addresses, run until Ctrl-C
//
// Ports: E2E_PORT_BASE (default 3100) + 50.. for the site's servers, + 1050..
// for the APIs and PostgreSQL, + 5050/5051 for nginx (https/http).
import { createRequire } from 'node:module';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { e2eApiEnv, remoteDescriptors, repoRoot, testPortBase } from '@samgyup/dev-site';
import { localDeployment } from './local-deployment.mjs';

const require = createRequire(import.meta.url);
const { startChild, stopChild } = require('./child-processes.cjs');

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

const started = Date.now();
const say = (/** @type {string} */ line) => console.log(`deploy [${((Date.now() - started) / 1000).toFixed(1)} s] ${line}`);
const deployment = localDeployment({
  ports,
  database: process.env.DEPLOY_TEST_DATABASE_URL ? { url: process.env.DEPLOY_TEST_DATABASE_URL } : 'own-postgres',
  apiEnv: e2eApiEnv,
  say,
});

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => {
    console.error(`deploy: ${signal}, stopping everything it started`);
    void deployment.stop().then(() => process.exit(130));
  });
}

async function deploy() {
  const { siteOrigin, trusted, secrets, siteEnv, releasesDir, dataDir, databaseUrl, postgresBin, certificate } = await deployment.start();

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
        postgresBin,
        siteEnv,
      }),
    },
  });
  deployment.keep(jest);
  const watchdog = setTimeout(() => {
    console.error(`deploy: the end-to-end tests ran past ${JEST_LIMIT_MS / 60_000} minutes; stopping them`);
    void stopChild(jest);
  }, JEST_LIMIT_MS);
  const { code } = await jest.exited;
  clearTimeout(watchdog);
  if (code !== 0) {
    for (const tail of deployment.logTails([jest])) console.error(tail);
  }
  return code ?? 1;
}

let status = 1;
try {
  status = await deploy();
} catch (error) {
  console.error(`\ndeploy: ${error.message}`);
} finally {
  await deployment.stop();
  say(status === 0 ? 'done: everything it started is stopped' : 'failed; everything it started is stopped');
}
process.exit(status);
