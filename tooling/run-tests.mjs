#!/usr/bin/env node
// `npm test`: every check the project has, in one command. Type checks, lint and
// formatting, the unit tests of every workspace, the API tests on a real database, the chaos
// tests (two API replicas, PostgreSQL restarted under load), the production
// build, the end-to-end tests in Chromium, then the same tests against a
// deployment made as docs/deploy.md says (nginx with TLS, PostgreSQL, two API
// replicas). Every step runs even when an earlier one failed (except e2e and
// deploy, which need the build); the closing line counts every test.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const resultsDir = path.join(repoRoot, '.test-results');
rmSync(resultsDir, { recursive: true, force: true });
mkdirSync(resultsDir, { recursive: true });

// Every workspace with its own jest setup, named once in package.json's workspaces;
// the API and e2e suites run as steps of their own.
const OWN_STEPS = ['api', 'e2e'];
const UNIT_PROJECTS = [
  'tooling',
  ...JSON.parse(readFileSync(path.join(repoRoot, 'package.json'), 'utf8')).workspaces.filter(
    (workspace) => !OWN_STEPS.includes(workspace) && existsSync(path.join(repoRoot, workspace, 'jest.config.cjs')),
  ),
];
const jestBin = path.join(repoRoot, 'node_modules', 'jest', 'bin', 'jest.js');
const only = process.argv.slice(2);
const summary = [];
const totals = { passed: 0, failed: 0, skipped: 0 };

function run(label, command, args, options = {}) {
  console.log(`\n=== ${label}: ${[command, ...args].join(' ')}`);
  const started = Date.now();
  const result = spawnSync(command, args, { cwd: repoRoot, stdio: 'inherit', ...options });
  const ok = result.status === 0;
  summary.push({ label, ok, seconds: ((Date.now() - started) / 1000).toFixed(1) });
  return ok;
}

function countJest(file) {
  if (!existsSync(file)) return false;
  const report = JSON.parse(readFileSync(file, 'utf8'));
  totals.passed += report.numPassedTests;
  totals.failed += report.numFailedTests + (report.numRuntimeErrorTestSuites ?? 0);
  totals.skipped += report.numPendingTests + report.numTodoTests;
  return true;
}

function jestStep(label, args, resultName, env = process.env) {
  const file = path.join(resultsDir, `${resultName}.json`);
  const ok = run(label, process.execPath, [jestBin, ...args, '--json', `--outputFile=${file}`], { env });
  if (!countJest(file) && !ok) totals.failed += 1; // the runner itself failed before reporting
  return ok;
}

const wanted = (step) => only.length === 0 || only.includes(step);

if (wanted('typecheck')) {
  const ok = run('Type checks', 'npm', ['run', 'typecheck']);
  if (!ok) totals.failed += 1;
}
if (wanted('lint')) {
  // ESLint's cache (node_modules/.cache/eslint) makes a second run take seconds.
  for (const [label, script] of [['Lint (ESLint)', 'lint'], ['Formatting (Prettier)', 'format:check']]) {
    if (!run(label, 'npm', ['run', script])) totals.failed += 1;
  }
}
if (wanted('unit')) {
  jestStep('Unit tests', ['--projects', ...UNIT_PROJECTS.map((project) => path.join(repoRoot, project))], 'unit');
}
if (wanted('api')) {
  // PGlite loads its WebAssembly with a dynamic import, which jest only allows with this flag.
  jestStep('API tests', ['--config', path.join(repoRoot, 'api', 'jest.config.cjs')], 'api', {
    ...process.env,
    NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --experimental-vm-modules`.trim(),
  });
}
if (wanted('chaos')) {
  // Two API processes on a PostgreSQL server the tests start, restart and stop
  // themselves (Debian's `postgresql` package; the step says how to install it if missing).
  jestStep('Chaos tests (two replicas, PostgreSQL restarts)', ['--config', path.join(repoRoot, 'api', 'jest.chaos.config.cjs'), '--runInBand'], 'chaos');
}
let built = true;
if (wanted('e2e') || wanted('deploy')) {
  built = run('Production build', 'npm', ['run', 'build', '--workspaces', '--if-present']);
  if (!built) totals.failed += 1;
}
if (built && wanted('e2e')) {
  jestStep('End-to-end tests (Chromium)', ['--config', path.join(repoRoot, 'e2e', 'jest.config.cjs'), '--runInBand'], 'e2e');
}
if (built && wanted('deploy')) {
  // Its jest run writes the same JSON report; a failure before the tests (a missing program) counts as one.
  const file = path.join(resultsDir, 'deploy.json');
  const ok = run('Deployment: nginx + TLS, PostgreSQL, two API replicas, end-to-end tests', process.execPath, [path.join(repoRoot, 'tooling', 'deploy-test', 'run-deploy-test.mjs'), '--jest-output', file]);
  if (!countJest(file) && !ok) totals.failed += 1;
}

console.log('\n=== Summary');
for (const step of summary) console.log(`${step.ok ? 'ok  ' : 'FAIL'}  ${step.label} (${step.seconds} s)`);
console.log(`\n${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ''}`);
process.exit(summary.every((step) => step.ok) && totals.failed === 0 ? 0 : 1);
