// Lighthouse, offline, with the Debian Chromium; the median of several runs.
// The DOM types: for the functions it hands to the browser page.
/// <reference lib="dom" />
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import puppeteer from 'puppeteer-core';
import { mainThreadCpuMs } from './main-thread-cpu.mjs';
import { layoutBeforeStylesMs } from './layout-before-styles.cjs';
import { median } from './median.mjs';
import { writeSignedInStorage } from './signed-in-browser.mjs';

const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];

/** @typedef {import('lighthouse').Result['audits']} Audits */
/** @typedef {import('lighthouse/types/lh.js').Audit.Details.TableItem} TableRow */

/** @typedef {import('lighthouse/types/lh.js').Audit.Details} AuditDetails */

/**
 * The rows of a table of an audit's details (`details.items`); none when the audit did not run or has no table.
 * @param {AuditDetails | undefined} details
 * @returns {TableRow[]}
 */
function tableRows(details) {
  return details?.type === 'table' ? details.items : [];
}

/**
 * A number a table row holds (Lighthouse's cells are numbers, text or nested details), 0 when it holds none.
 * @param {TableRow} row @param {string} key
 */
function numberIn(row, key) {
  const value = row[key];
  return typeof value === 'number' ? value : 0;
}

/**
 * A text a table row holds, or null.
 * @param {TableRow} row @param {string} key
 */
function textIn(row, key) {
  const value = row[key];
  return typeof value === 'string' ? value : null;
}

/**
 * Writes browser storage for the page's origin before Lighthouse loads it (e.g. a diner's table code;
 * a login goes in its cookie too, as the site leaves it).
 * @param {number} port  Chromium's debugging port
 * @param {string} url
 * @param {Record<string, string>} storage
 */
async function primeStorage(port, url, storage) {
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${port}` });
  try {
    const page = await browser.newPage();
    // Any page of the origin will do; the empty shell is the lightest.
    await page.goto(new URL('/env.json', url).href);
    await page.evaluate(writeSignedInStorage, storage);
    await page.close();
  } finally {
    browser.disconnect();
  }
}

/**
 * The three scripts that kept the main thread busiest, for the report.
 * @param {Audits} audits
 */
function busiestScripts(audits) {
  return tableRows(audits['bootup-time']?.details)
    .slice(0, 3)
    .map((row) => ({ url: textIn(row, 'url') ?? '', totalMs: Math.round(numberIn(row, 'total')) }));
}

/**
 * Where the main thread's time went at 4× (Lighthouse scales its trace by the CPU
 * slowdown): the total, by kind of work, and the scripts' own share (bootup-time:
 * evaluation plus parse and compile of every script, the JavaScript run at start).
 * @param {Audits} audits
 */
function mainThreadWork(audits) {
  /** @type {Record<string, number>} kind of work -> ms */
  const groups = {};
  for (const row of tableRows(audits['mainthread-work-breakdown']?.details)) groups[textIn(row, 'group') ?? 'other'] = Math.round(numberIn(row, 'duration'));
  return { mainThreadMs: Math.round(audits['mainthread-work-breakdown']?.numericValue ?? 0), scriptStartMs: Math.round(audits['bootup-time']?.numericValue ?? 0), groups };
}

/**
 * What the largest paint was and when, so a slow run says which element held it up.
 * @param {Audits} audits
 */
function largestPaint(audits) {
  // A list of two tables: the element, then the phases of its paint.
  const details = audits['largest-contentful-paint-element']?.details;
  const [element, phases] = details?.type === 'list' ? details.items : [];
  const cell = tableRows(element?.type === 'table' ? element : undefined)[0]?.node;
  const node = typeof cell === 'object' && 'type' in cell && cell.type === 'node' ? cell : undefined;
  return {
    selector: node?.selector ?? null,
    text: node?.nodeLabel?.slice(0, 60) ?? null,
    phases: Object.fromEntries(tableRows(phases?.type === 'table' ? phases : undefined).map((phase) => [textIn(phase, 'phase'), Math.round(numberIn(phase, 'timing'))])),
  };
}

/**
 * The SEO score of a page kept out of search engines on purpose (`noindex`: the booking steps,
 * accounts and the console), counted without the audit that says so; null for any other page.
 * Lighthouse's own score docks such a page a third for the choice itself.
 * @param {import('lighthouse').Result} lhr
 */
function seoBesidesNoindex(lhr) {
  const crawlable = lhr.audits['is-crawlable'];
  const blocked = crawlable?.score === 0 && /noindex/i.test(JSON.stringify(crawlable.details ?? {}));
  const refs = lhr.categories.seo?.auditRefs;
  if (!blocked || !refs) return null;
  const counted = refs.filter((ref) => ref.id !== 'is-crawlable' && ref.weight > 0 && typeof lhr.audits[ref.id]?.score === 'number');
  const weight = counted.reduce((sum, ref) => sum + ref.weight, 0);
  return weight > 0 ? Math.round((counted.reduce((sum, ref) => sum + ref.weight * Number(lhr.audits[ref.id].score), 0) / weight) * 100) : null;
}

/**
 * One page's figures, in ms (`cls` unitless; `benchmarkIndex`: Lighthouse's measure of this machine's speed
 * at the time of the run, higher is faster).
 * `mainThreadCpuMs`: the main thread's CPU time at 4× (main-thread-cpu.mjs), where `mainThreadMs` is Lighthouse's wall time.
 * `layoutBeforeStylesMs`: the part of `mainThreadMs` spent laying the page out before its stylesheets were in (layout-before-styles.cjs).
 * @typedef {{ fcpMs: number, lcpMs: number, tbtMs: number, cls: number, mainThreadMs: number, mainThreadCpuMs: number, layoutBeforeStylesMs: number, scriptStartMs: number, benchmarkIndex: number }} PageMetrics
 */
/** @typedef {'mobile' | 'desktop'} FormFactor */

/**
 * Each figure's median over several runs (of one page, or of the reference pages measured twice).
 * @param {PageMetrics[]} runs
 * @returns {PageMetrics}
 */
export function medianMetrics(runs) {
  const middle = (/** @type {keyof PageMetrics} */ name) => median(runs.map((run) => run[name]));
  return {
    fcpMs: middle('fcpMs'),
    lcpMs: middle('lcpMs'),
    tbtMs: middle('tbtMs'),
    cls: middle('cls'),
    mainThreadMs: middle('mainThreadMs'),
    mainThreadCpuMs: middle('mainThreadCpuMs'),
    layoutBeforeStylesMs: middle('layoutBeforeStylesMs'),
    scriptStartMs: middle('scriptStartMs'),
    benchmarkIndex: middle('benchmarkIndex'),
  };
}

/**
 * @param {object} options
 * @param {string} options.url
 * @param {string} options.chromePath
 * @param {string[]} options.chromeFlags
 * @param {number} [options.runs]
 * @param {FormFactor} [options.formFactor]
 * @param {Record<string,string>} [options.storage]  localStorage entries the page expects (kept through the run)
 * @param {string} [options.saveReportAs]            where to write the last run's full Lighthouse JSON
 * @param {string} [options.saveTraceAs]             where to write the last run's trace (Chrome's performance panel opens it)
 * @param {string[]} [options.categories]           the reference pages need only performance
 */
export async function lighthouseScores({ url, chromePath, chromeFlags, runs = 3, formFactor = 'mobile', storage, saveReportAs, saveTraceAs, categories = CATEGORIES }) {
  /** @type {Array<{ scores: Record<string, number>, seoBesidesNoindex: number | null, metrics: PageMetrics, mainThreadGroups: Record<string, number>, busiestScripts: Array<{ url: string, totalMs: number }>, largestPaint: ReturnType<typeof largestPaint>, failing: string[] }>} */
  const results = [];
  let failedRuns = 0;
  for (let run = 0; run < runs; run += 1) {
    const chrome = await launch({ chromePath, chromeFlags, logLevel: 'silent' });
    try {
      if (storage) await primeStorage(chrome.port, url, storage);
      const result = await lighthouse(
        url,
        {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: categories,
          disableStorageReset: Boolean(storage),
          ...(process.env.BENCH_TRACE_CATEGORIES ? { additionalTraceCategories: process.env.BENCH_TRACE_CATEGORIES } : {}),
        },
        formFactor === 'desktop' ? desktopConfig : undefined,
      );
      // Lighthouse answers nothing only in audit mode (no URL), which this never asks for.
      if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
      const { categories: scored, audits, finalDisplayedUrl, environment, runtimeError } = result.lhr;
      // A trace Lighthouse could not read (NO_NAVSTART on a busy machine) scores zero: run again, twice at most.
      if (runtimeError) {
        failedRuns += 1;
        if (failedRuns > 2) throw new Error(`Lighthouse could not measure ${url}: ${runtimeError.code}`);
        console.warn(`Lighthouse could not measure ${url} (${runtimeError.code}); running again.`);
        run -= 1;
        continue;
      }
      if (new URL(finalDisplayedUrl).pathname !== new URL(url).pathname) {
        throw new Error(`Lighthouse was sent from ${url} to ${finalDisplayedUrl}; the page was not measured.`);
      }
      if (saveReportAs && run === runs - 1) {
        mkdirSync(path.dirname(saveReportAs), { recursive: true });
        writeFileSync(saveReportAs, typeof result.report === 'string' ? result.report : result.report.join('\n'));
      }
      if (saveTraceAs && run === runs - 1) {
        mkdirSync(path.dirname(saveTraceAs), { recursive: true });
        writeFileSync(saveTraceAs, JSON.stringify(result.artifacts.Trace));
        // The rest of what Lighthouse's simulation reads, so its estimate can be taken apart later (tooling/bench/README.md).
        const { DevtoolsLog, GatherContext, URL: urls, SourceMaps } = result.artifacts;
        writeFileSync(
          saveTraceAs.replace(/\.trace\.json$/, '.artifacts.json'),
          JSON.stringify({ DevtoolsLog, GatherContext, URL: urls, SourceMaps, settings: result.lhr.configSettings }),
        );
      }
      const work = mainThreadWork(audits);
      const cpuSlowdown = result.lhr.configSettings.throttling?.cpuSlowdownMultiplier ?? 1;
      results.push({
        scores: Object.fromEntries(categories.map((name) => [name, Math.round((scored[name]?.score ?? 0) * 100)])),
        seoBesidesNoindex: categories.includes('seo') ? seoBesidesNoindex(result.lhr) : null,
        metrics: {
          fcpMs: Math.round(audits['first-contentful-paint']?.numericValue ?? 0),
          lcpMs: Math.round(audits['largest-contentful-paint']?.numericValue ?? 0),
          tbtMs: Math.round(audits['total-blocking-time']?.numericValue ?? 0),
          cls: Number((audits['cumulative-layout-shift']?.numericValue ?? 0).toFixed(3)),
          mainThreadMs: work.mainThreadMs,
          mainThreadCpuMs: mainThreadCpuMs(result.artifacts.Trace.traceEvents, cpuSlowdown),
          layoutBeforeStylesMs: layoutBeforeStylesMs(result.artifacts.Trace.traceEvents, cpuSlowdown),
          scriptStartMs: work.scriptStartMs,
          benchmarkIndex: Math.round(environment?.benchmarkIndex ?? 0),
        },
        mainThreadGroups: work.groups,
        busiestScripts: busiestScripts(audits),
        largestPaint: largestPaint(audits),
        failing: Object.values(audits)
          .filter((audit) => audit.score !== null && audit.score < 0.9 && audit.scoreDisplayMode === 'binary')
          .map((audit) => audit.id),
      });
    } finally {
      await chrome.kill();
    }
  }
  const medianPerformance = median(results.map((r) => r.scores.performance));
  // The median is one of the runs' own scores, so this run exists.
  const medianRun = /** @type {(typeof results)[number]} */ (results.find((r) => r.scores.performance === medianPerformance));
  const metrics = medianMetrics(results.map((r) => r.metrics));
  return {
    url,
    formFactor,
    runs,
    scores: Object.fromEntries(categories.map((name) => [name, median(results.map((r) => r.scores[name]))])),
    // Set for a page kept out of search engines on purpose: its SEO score without that audit.
    seoBesidesNoindex: results.every((r) => r.seoBesidesNoindex !== null) ? median(results.map((r) => /** @type {number} */ (r.seoBesidesNoindex))) : null,
    metrics,
    busiestScripts: medianRun.busiestScripts,
    mainThreadGroups: medianRun.mainThreadGroups,
    failingAudits: [...new Set(results.flatMap((r) => r.failing))],
    // Every run's figures: a median hides the one run in three that paints late.
    perRun: results.map((r) => ({ performance: r.scores.performance, ...r.metrics, largestPaint: r.largestPaint })),
  };
}
