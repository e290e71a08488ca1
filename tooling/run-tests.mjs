#!/usr/bin/env node
// `npm test`: every check the project has, in one command. Type checks, lint and
// formatting, the unit tests of every workspace, the API tests on a real database, the chaos
// tests (two API replicas, PostgreSQL restarted under load), the production
// build, and the end-to-end tests in Chromium against a deployment made as
// docs/deploy.md says (nginx with TLS, PostgreSQL, two API replicas). With API_TEST_DATABASE_URL set (as .ci/run does), the API tests run
// once more on that PostgreSQL server. Every step runs even when an earlier one
// failed (except e2e and deploy, which need the build); the closing line counts
// every test.
//
// Each browser flow runs once: against the deployment (the `deploy` step), the
// setup closest to production. The `e2e` step then runs only the files that stop,
// move or release the site's own servers (e2e/own-site-tests.cjs), on a site it
// starts; alone (`node tooling/run-tests.mjs e2e`), it runs every file on that site.
//
// The steps run in three lanes at once, of about the same length: the checks (type
// checks, lint, unit, then the e2e files that start a site of their own, once the
// build is done), the deployment (build, deploy, chaos) and the API suites (on PGlite,
// then on a PostgreSQL server). With lanes side by side, each step's output goes to
// .test-results/<step>.log, printed when the step fails; a lone step
// (`node tooling/run-tests.mjs api`) prints as it runs.
import { spawn } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const resultsDir = path.join(repoRoot, '.test-results');

// Every workspace with its own jest setup, named once in package.json's workspaces;
// the API and e2e suites run as steps of their own.
const OWN_STEPS = ['api', 'e2e'];
/** @type {string[]} */
const workspaces = JSON.parse(readFileSync(path.join(repoRoot, 'package.json'), 'utf8')).workspaces;
const UNIT_PROJECTS = ['tooling', ...workspaces.filter((workspace) => !OWN_STEPS.includes(workspace) && existsSync(path.join(repoRoot, workspace, 'jest.config.cjs')))];
const jestBin = path.join(repoRoot, 'node_modules', 'jest', 'bin', 'jest.js');
const serverDatabaseUrl = process.env.API_TEST_DATABASE_URL;
// PGlite loads its WebAssembly with a dynamic import, which jest only allows with this flag.
const vmModules = { NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --experimental-vm-modules`.trim() };

/** @param {string[]} args @param {string} resultName */
const jest = (args, resultName) => ({
  command: process.execPath,
  args: [jestBin, ...args, '--json', `--outputFile=${path.join(resultsDir, `${resultName}.json`)}`],
  report: resultName,
});

/**
 * Every step, in the order of its lane. `report`: the JSON report whose counts it adds; `needsBuild`: skipped when the build failed.
 * @type {Record<string, { label: string, command: string, args: string[], report?: string, env?: NodeJS.ProcessEnv, needsBuild?: boolean }>}
 */
const STEPS = {
  typecheck: { label: 'Type checks', command: 'npm', args: ['run', 'typecheck'] },
  // ESLint's cache (node_modules/.cache/eslint) makes a second run take seconds.
  lint: { label: 'Lint (ESLint)', command: 'npm', args: ['run', 'lint'] },
  format: { label: 'Formatting (Prettier)', command: 'npm', args: ['run', 'format:check'] },
  // testTimeout is one of jest's global settings: with --projects, the parts' configs cannot set it (build-kit's jest setup says why 30 s).
  unit: { label: 'Unit tests', ...jest(['--projects', ...UNIT_PROJECTS.map((project) => path.join(repoRoot, project)), '--testTimeout=30000'], 'unit') },
  api: { label: 'API tests', ...jest(['--config', path.join(repoRoot, 'api', 'jest.config.cjs')], 'api'), env: vmModules },
  // Two API processes on a PostgreSQL server the tests start, restart and stop
  // themselves (Debian's `postgresql` package; the step says how to install it if missing).
  chaos: { label: 'Chaos tests (two replicas, PostgreSQL restarts)', ...jest(['--config', path.join(repoRoot, 'api', 'jest.chaos.config.cjs'), '--runInBand'], 'chaos') },
  ...(serverDatabaseUrl && {
    'api-postgres': {
      label: 'API tests (PostgreSQL server)',
      ...jest(['--config', path.join(repoRoot, 'api', 'jest.config.cjs')], 'api-postgres'),
      env: { ...vmModules, DATABASE_URL: serverDatabaseUrl },
    },
  }),
  build: { label: 'Production build', command: 'npm', args: ['run', 'build', '--workspaces', '--if-present'] },
  e2e: { label: 'End-to-end tests (Chromium)', ...jest(['--config', path.join(repoRoot, 'e2e', 'jest.config.cjs'), '--runInBand'], 'e2e'), needsBuild: true },
  // Its jest run writes the same JSON report; a failure before the tests (a missing program) counts as one.
  deploy: {
    label: 'Deployment: nginx + TLS, PostgreSQL, two API replicas, end-to-end tests',
    command: process.execPath,
    args: [path.join(repoRoot, 'tooling', 'deploy-test', 'run-deploy-test.mjs'), '--jest-output', path.join(resultsDir, 'deploy.json')],
    report: 'deploy',
    needsBuild: true,
  },
};
// Three lanes on two cores: the deployment's browser tests and the e2e files wait on
// the site much of their time (a hold that ends after a minute, a canary's soak), and
// the API suites fill those gaps; two lanes left a core idle while each waited.
const LANES = [
  ['typecheck', 'lint', 'format', 'unit', 'e2e'],
  ['build', 'deploy', 'chaos'],
  ['api', 'api-postgres'],
];

const only = process.argv.slice(2);
const unknown = only.filter((name) => !(name in STEPS));
if (unknown.length > 0) {
  console.error(`Unknown step ${unknown.join(', ')}; the steps are: ${Object.keys(STEPS).join(', ')} (api-postgres only with API_TEST_DATABASE_URL).`);
  process.exit(2);
}
rmSync(resultsDir, { recursive: true, force: true });
mkdirSync(resultsDir, { recursive: true });

const wanted = (/** @type {string} */ name) =>
  name in STEPS && (only.length === 0 || only.includes(name) || (name === 'build' && (only.includes('e2e') || only.includes('deploy'))));
const lanes = LANES.map((lane) => lane.filter(wanted)).filter((lane) => lane.length > 0);
const intoLogs = lanes.length > 1;
// Beside the other lanes, the API suites take one core, not both: a second worker only
// slows every lane down and pushes their tests towards their time limits.
if (intoLogs) for (const name of ['api', 'api-postgres']) STEPS[name]?.args.push('--maxWorkers=1');
if (wanted('e2e') && wanted('deploy')) {
  const { ownSiteTestPatterns } = createRequire(import.meta.url)(path.join(repoRoot, 'e2e', 'own-site-tests.cjs'));
  STEPS.e2e.label = "End-to-end tests (Chromium) that stop, move or release the site's own servers";
  STEPS.e2e.args.push(...ownSiteTestPatterns());
}

const totals = { passed: 0, failed: 0, skipped: 0 };
/** Each failed test, named with the start of its message: printed last, where a CI log's tail always reaches. */
/** @type {string[]} */
const failures = [];
/** @type {Array<{ name: string, label: string, ok: boolean, seconds: string, note?: string }>} */
const summary = [];
let built = true;
const started = Date.now();
const seconds = (/** @type {number} */ since) => ((Date.now() - since) / 1000).toFixed(1);

/** The first lines of a failure message, colour codes removed. */
const excerpt = (/** @type {string} */ message) =>
  message
    .replace(/\u001b\[[0-9;]*m/g, '')
    .split('\n')
    .filter((line) => line.trim() !== '' && !/^\s*at .*(node_modules|node:internal)/.test(line))
    .slice(0, 8)
    .map((line) => `    ${line.slice(0, 240)}`)
    .join('\n');

/** @param {string} report */
function countJest(report) {
  const file = path.join(resultsDir, `${report}.json`);
  if (!existsSync(file)) return false;
  const result = JSON.parse(readFileSync(file, 'utf8'));
  totals.passed += result.numPassedTests;
  totals.failed += result.numFailedTests + (result.numRuntimeErrorTestSuites ?? 0);
  totals.skipped += result.numPendingTests + result.numTodoTests;
  /** @type {Array<{ name: string, status: string, message?: string, assertionResults?: Array<{ status: string, fullName: string, failureMessages?: string[] }> }>} */
  const suites = result.testResults ?? [];
  for (const suite of suites) {
    const file = path.relative(repoRoot, suite.name);
    const failed = (suite.assertionResults ?? []).filter((test) => test.status === 'failed');
    for (const test of failed) failures.push(`${report}: ${file} › ${test.fullName}\n${excerpt(test.failureMessages?.join('\n') ?? '')}`);
    if (failed.length === 0 && suite.status === 'failed') failures.push(`${report}: ${file} (the file itself failed)\n${excerpt(suite.message ?? '')}`);
  }
  return true;
}

/**
 * Runs one step to its end; answers whether it passed.
 * @param {string} name
 * @returns {Promise<boolean>}
 */
function runStep(name) {
  const step = STEPS[name];
  const log = path.join(resultsDir, `${name}.log`);
  console.log(`\n=== ${step.label}: ${[step.command, ...step.args].join(' ')}${intoLogs ? `\n    (output: ${path.relative(repoRoot, log)})` : ''}`);
  const begun = Date.now();
  return new Promise((resolve) => {
    const child = spawn(step.command, step.args, { cwd: repoRoot, env: { ...process.env, ...step.env }, stdio: intoLogs ? ['ignore', 'pipe', 'pipe'] : 'inherit' });
    let finished = false;
    const finish = (/** @type {number | null} */ code) => {
      if (finished) return;
      finished = true;
      const ok = code === 0;
      const counted = step.report ? countJest(step.report) : false;
      if (!ok && !counted) totals.failed += 1; // the runner itself failed before reporting
      summary.push({ name, label: step.label, ok, seconds: seconds(begun) });
      console.log(`\n${ok ? 'ok  ' : 'FAIL'}  ${step.label} (${seconds(begun)} s)`);
      if (!ok && intoLogs) console.log(`--- ${path.relative(repoRoot, log)}\n${readFileSync(log, 'utf8')}\n--- end of ${path.relative(repoRoot, log)}`);
      resolve(ok);
    };
    child.on('error', (error) => {
      console.error(`${step.label}: ${error.message}`);
      finish(null);
    });
    if (!intoLogs) {
      child.on('close', finish);
      return;
    }
    const out = createWriteStream(log);
    // Piped above (intoLogs), so both streams are there.
    /** @type {import('node:stream').Readable} */ (child.stdout).pipe(out, { end: false });
    /** @type {import('node:stream').Readable} */ (child.stderr).pipe(out, { end: false });
    child.on('close', (code) => out.end(() => finish(code)));
  });
}

/** Settles when the build step has ended (at once when it is not one of the steps). */
/** @type {() => void} */
let endBuild = () => {};
/** @type {Promise<void>} */
const buildEnded = wanted('build') ? new Promise((resolve) => (endBuild = () => resolve())) : Promise.resolve();

/** @param {string[]} lane */
async function runLane(lane) {
  for (const name of lane) {
    if (STEPS[name].needsBuild) await buildEnded;
    if (STEPS[name].needsBuild && !built) {
      summary.push({ name, label: STEPS[name].label, ok: false, seconds: '0.0', note: 'not run: the build failed' });
      continue;
    }
    const ok = await runStep(name);
    if (name === 'build') {
      built = ok;
      endBuild();
    }
  }
}

await Promise.all(lanes.map(runLane));

const ordered = LANES.flat().flatMap((name) => summary.filter((step) => step.name === name));
writeFileSync(path.join(resultsDir, 'steps.json'), `${JSON.stringify({ seconds: Number(seconds(started)), steps: ordered }, null, 2)}\n`);
console.log(`\n=== Summary (${lanes.length > 1 ? `${lanes.length} lanes at once, ` : ''}${seconds(started)} s in all)`);
for (const step of ordered) console.log(`${step.ok ? 'ok  ' : 'FAIL'}  ${step.label} (${step.note ?? `${step.seconds} s`})`);
if (failures.length > 0) console.log(`\n=== Failed tests\n${failures.join('\n')}`);
console.log(`\n${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ''}`);
process.exit(summary.every((step) => step.ok) && totals.failed === 0 ? 0 : 1);
