#!/usr/bin/env node
// `npm run bench`: builds the production site, serves it with a real API on a
// throwaway database, and writes a JSON + Markdown report of what a visitor
// downloads, Lighthouse scores and API throughput. No timing here is a test:
// the report is read by people, and budgets are compared in it.
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { compareWithBare, startBareFastify } from './measure-api.mjs';
import { loadedSingletons, navigateInApp, recordScripts } from './measure-javascript.mjs';
import { lighthouseScores } from './measure-lighthouse.mjs';

const require = createRequire(import.meta.url);
const { CHROMIUM_FLAGS, findChromium } = require('../find-chromium.cjs');
const { closeServer, siteSettings, startRemoteServer, startShellServer } = require('../site-servers.cjs');
const { repoRoot } = require('../remotes-manifest.cjs');

const args = new Set(process.argv.slice(2));
const lighthouseRuns = Number(process.env.BENCH_LIGHTHOUSE_RUNS) || 3;
const reportDir = path.join(repoRoot, '.bench-reports');
const budgets = { firstVisitGzipBytes: 150 * 1024, lighthouseMobilePerformance: 90 };

const env = { SITE_HOST: '127.0.0.1', SHELL_PORT: '3200', API_PORT: '4200' };
['MFE_MENUS', 'MFE_REVIEWS', 'MFE_REFILL', 'MFE_RESERVATION', 'MFE_STAFF'].forEach((name, index) => {
  env[`${name}_PORT`] = String(3201 + index);
});
const settings = siteSettings(env);
const report = { date: new Date().toISOString(), machine: { cpus: (await import('node:os')).cpus().length }, budgets };

function step(title) {
  console.log(`\n=== ${title}`);
}

// 1. Builds, each remote alone, timed.
if (!args.has('--no-build')) {
  step('Production builds');
  report.builds = {};
  const started = Date.now();
  for (const folder of ['shell', ...settings.remotes.map((remote) => remote.folder)]) {
    const begin = Date.now();
    const result = spawnSync('npm', ['run', 'build', '-w', folder], { cwd: repoRoot, stdio: 'ignore' });
    if (result.status !== 0) throw new Error(`build of ${folder} failed`);
    report.builds[folder] = Number(((Date.now() - begin) / 1000).toFixed(1));
    console.log(`${folder}: ${report.builds[folder]} s`);
  }
  report.builds.total = Number(((Date.now() - started) / 1000).toFixed(1));
}

// 2. The site as in production, with an API on a throwaway database.
const api = spawn(process.execPath, [require.resolve('tsx/cli'), path.join(repoRoot, 'api', 'src', 'server.ts')], {
  cwd: repoRoot,
  stdio: ['ignore', 'ignore', 'inherit'],
  env: {
    ...process.env,
    API_PORT: env.API_PORT,
    API_HOST: '127.0.0.1',
    DATA_DIR: mkdtempSync(path.join(tmpdir(), 'samgyup-bench-')),
    DATABASE_URL: '',
    CORS_ORIGINS: settings.shellOrigin,
    RATE_LIMIT_ENABLED: 'false',
    LOG_LEVEL: 'warn',
  },
});
const servers = [await startShellServer(settings)];
for (const remote of settings.remotes) servers.push(await startRemoteServer(settings, remote));
for (let tries = 0; ; tries += 1) {
  try {
    if ((await fetch(`${settings.apiOrigin}/api/health`)).ok) break;
  } catch {
    if (tries > 300) throw new Error('API did not start');
  }
  await new Promise((resolve) => setTimeout(resolve, 200));
}

const chromePath = findChromium();
try {
  // 3. JavaScript of the first visit, and what each remote adds.
  step('JavaScript downloaded');
  const browser = await chromium.launch({ executablePath: chromePath, args: CHROMIUM_FLAGS });
  const page = await browser.newPage();
  const scripts = recordScripts(page);
  await page.goto(`${settings.shellOrigin}/`, { waitUntil: 'networkidle' });
  const firstVisit = await scripts.total();
  report.javascript = { firstVisitGzipBytes: firstVisit.gzipBytes, firstVisitFiles: firstVisit.files, perRemote: {} };
  console.log(`first visit to /: ${(firstVisit.gzipBytes / 1024).toFixed(1)} KB gzip in ${firstVisit.files.length} files`);
  for (const remote of settings.remotes) {
    scripts.reset();
    await navigateInApp(page, remote.routes[0]);
    const added = await scripts.total();
    report.javascript.perRemote[remote.name] = { path: remote.routes[0], addedGzipBytes: added.gzipBytes, files: added.files };
    console.log(`then ${remote.routes[0]} (${remote.name}): +${(added.gzipBytes / 1024).toFixed(1)} KB gzip`);
  }
  const singletons = await loadedSingletons(page);
  report.singletons = Object.fromEntries(
    Object.entries(singletons).map(([name, providers]) => [name, { providers, loadedOnce: providers.length === 1 }]),
  );
  for (const [name, info] of Object.entries(report.singletons)) {
    console.log(`${name}: ${info.loadedOnce ? 'once' : 'MORE THAN ONCE'} (${info.providers.join(', ')})`);
  }
  await browser.close();

  // 4. Lighthouse.
  if (!args.has('--no-lighthouse')) {
    step(`Lighthouse (median of ${lighthouseRuns})`);
    const chromeFlags = CHROMIUM_FLAGS.filter((flag) => flag !== '--headless').concat('--headless=new');
    report.lighthouse = [];
    for (const formFactor of ['mobile', 'desktop']) {
      const result = await lighthouseScores({ url: `${settings.shellOrigin}/`, chromePath, chromeFlags, runs: lighthouseRuns, formFactor });
      report.lighthouse.push(result);
      console.log(`${formFactor} /: ${JSON.stringify(result.scores)} ${JSON.stringify(result.metrics)}`);
    }
  }

  // 5. API throughput next to a bare Fastify route.
  if (!args.has('--no-api')) {
    step('API throughput (autocannon, 50 connections)');
    const bare = await startBareFastify(4299);
    report.api = await compareWithBare({
      bareUrl: 'http://127.0.0.1:4299/bare',
      targets: [`${settings.apiOrigin}/api/health`],
    });
    await bare.close();
    console.log(`bare Fastify: ${report.api.bare.requestsPerSecond} req/s, p99 ${report.api.bare.p99Ms} ms`);
    for (const row of report.api.targets) {
      console.log(`${row.url}: ${row.requestsPerSecond} req/s (${row.ratioToBare} of bare), p99 ${row.p99Ms} ms`);
    }
  }
} finally {
  await Promise.all(servers.map(closeServer));
  api.kill('SIGTERM');
}

mkdirSync(reportDir, { recursive: true });
writeFileSync(path.join(reportDir, 'bench.json'), `${JSON.stringify(report, null, 2)}\n`);
writeFileSync(path.join(reportDir, 'bench.md'), markdown(report));
console.log(`\nReport: ${path.join(reportDir, 'bench.md')}`);

function markdown(data) {
  const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
  const lines = [`# Benchmark report (${data.date})`, ''];
  if (data.builds) {
    lines.push('## Builds (seconds)', '', '| part | s |', '|---|---|');
    for (const [name, seconds] of Object.entries(data.builds)) lines.push(`| ${name} | ${seconds} |`);
    lines.push('');
  }
  const within = data.javascript.firstVisitGzipBytes <= data.budgets.firstVisitGzipBytes;
  lines.push('## JavaScript (gzip)', '', `First visit to /: **${kb(data.javascript.firstVisitGzipBytes)}** (budget ${kb(data.budgets.firstVisitGzipBytes)}: ${within ? 'within' : 'OVER'})`, '');
  lines.push('| then visiting | remote | adds |', '|---|---|---|');
  for (const [name, info] of Object.entries(data.javascript.perRemote)) lines.push(`| ${info.path} | ${name} | ${kb(info.addedGzipBytes)} |`);
  lines.push('', '## Shared singletons', '', '| package | loaded from | once |', '|---|---|---|');
  for (const [name, info] of Object.entries(data.singletons)) lines.push(`| ${name} | ${info.providers.join(', ')} | ${info.loadedOnce ? 'yes' : 'NO'} |`);
  if (data.lighthouse) {
    lines.push('', '## Lighthouse', '', '| page | form factor | performance | accessibility | best practices | SEO | FCP ms | LCP ms | TBT ms | CLS |', '|---|---|---|---|---|---|---|---|---|---|');
    for (const row of data.lighthouse) {
      const s = row.scores;
      const m = row.metrics;
      lines.push(`| ${new URL(row.url).pathname} | ${row.formFactor} | ${s.performance} | ${s.accessibility} | ${s['best-practices']} | ${s.seo} | ${m.fcpMs} | ${m.lcpMs} | ${m.tbtMs} | ${m.cls} |`);
    }
  }
  if (data.api) {
    lines.push('', `## API (autocannon, ${data.api.connections} connections, ${data.api.durationSeconds} s each)`, '', '| route | req/s | ratio to bare | p99 ms |', '|---|---|---|---|');
    lines.push(`| bare Fastify route | ${data.api.bare.requestsPerSecond} | 1.00 | ${data.api.bare.p99Ms} |`);
    for (const row of data.api.targets) lines.push(`| ${new URL(row.url).pathname} | ${row.requestsPerSecond} | ${row.ratioToBare} | ${row.p99Ms} |`);
  }
  return `${lines.join('\n')}\n`;
}
