// A page at 4× CPU in Chromium itself, on the real clock: when its largest paint shows and how
// long its main thread is held. Lighthouse slows the CPU by simulation: it rebuilds the page's
// timeline from what each step waits on, so a wait on a timer (React revealing a page no sooner
// than 300 ms after a fallback) never shows in its LCP. Here Chromium's own CPU throttling runs
// the page, timers and all, as a slow phone would; the network is not slowed, so what is
// measured is the phone's own work and waits (#37).
// The DOM types: for the functions it hands to the browser page.
/// <reference lib="dom" />
import { chromium } from 'playwright-core';
import { median } from './median.mjs';
import { writeSignedInStorage } from './signed-in-browser.mjs';

/** A phone the size of Lighthouse's mobile profile. */
const PHONE = { viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true };
/**
 * Lighthouse's mobile network (slow 4G: 150 ms round trip, 1.6 Mbps down, 750 kbps up), applied by
 * Chromium to each request: a page that waits on one request after another pays each round trip,
 * as on a phone on the restaurant's Wi-Fi. The loads without it measure the phone's own work.
 */
export const SLOW_4G = { latencyMs: 150, downloadKbps: 1638.4, uploadKbps: 750 };
/** @typedef {typeof SLOW_4G} NetworkProfile */

/** How long the page must add no largest paint and no request before it counts as shown. */
const QUIET_MS = 1500;
/** Every load gives up after this. */
const LOAD_LIMIT_MS = 30_000;

/**
 * @typedef {object} RealClockRun
 * @property {number} fcpMs          the first contentful paint, from navigation start
 * @property {number} lcpMs          the last largest-contentful-paint entry, from navigation start
 * @property {number} longTasksMs    every task over 50 ms, whole
 * @property {number} blockingMs     the part of each such task over 50 ms (what Total Blocking Time adds up), after the first paint
 * @property {string | null} largest the element of the largest paint (tag and class)
 */

/** Runs in the page before its own scripts: keeps its largest paints and long tasks. */
function observePage() {
  const seen = /** @type {{ lcp: PerformanceEntry[], longTasks: PerformanceEntry[] }} */ ({ lcp: [], longTasks: [] });
  Object.assign(globalThis, { __benchRealClock: seen });
  new PerformanceObserver((list) => seen.lcp.push(...list.getEntries())).observe({ type: 'largest-contentful-paint', buffered: true });
  new PerformanceObserver((list) => seen.longTasks.push(...list.getEntries())).observe({ type: 'longtask', buffered: true });
}

/** Runs in the page once it is quiet: what observePage kept. */
function readPage() {
  const seen = /** @type {{ lcp: Array<PerformanceEntry & { element?: Element | null }>, longTasks: PerformanceEntry[] }} */ (/** @type {any} */ (globalThis).__benchRealClock);
  const firstPaint = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? 0;
  const last = seen.lcp.at(-1);
  const element = last?.element;
  return {
    fcpMs: Math.round(firstPaint),
    lcpMs: Math.round(last?.startTime ?? 0),
    longTasksMs: Math.round(seen.longTasks.reduce((sum, task) => sum + task.duration, 0)),
    blockingMs: Math.round(seen.longTasks.filter((task) => task.startTime >= firstPaint).reduce((sum, task) => sum + Math.max(0, task.duration - 50), 0)),
    largest: element ? `${element.tagName.toLowerCase()}${element.className ? `.${String(element.className).trim().split(/\s+/).join('.')}` : ''}` : null,
  };
}

/**
 * One load of `url`, `storage` written for its origin first, on `network` when given.
 * @param {import('playwright-core').Browser} browser @param {string} url @param {Record<string, string> | undefined} storage
 * @param {NetworkProfile | undefined} network
 * @returns {Promise<RealClockRun>}
 */
async function loadOnce(browser, url, storage, network) {
  const context = await browser.newContext(PHONE);
  try {
    const page = await context.newPage();
    if (storage) {
      await page.goto(new URL('/env.json', url).href);
      await page.evaluate(writeSignedInStorage, storage);
    }
    await page.addInitScript(observePage);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    if (network) {
      await cdp.send('Network.enable');
      await cdp.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: network.latencyMs,
        downloadThroughput: (network.downloadKbps * 1024) / 8,
        uploadThroughput: (network.uploadKbps * 1024) / 8,
      });
    }
    let lastActivity = Date.now();
    page.on('request', () => (lastActivity = Date.now()));
    page.on('requestfinished', () => (lastActivity = Date.now()));
    await page.goto(url, { waitUntil: 'load', timeout: LOAD_LIMIT_MS });
    const started = Date.now();
    // Quiet: no request for QUIET_MS (a page's data and its late chunks come after `load`).
    while (Date.now() - lastActivity < QUIET_MS && Date.now() - started < LOAD_LIMIT_MS) await page.waitForTimeout(100);
    return await page.evaluate(readPage);
  } finally {
    await context.close();
  }
}

/**
 * The medians of some loads (of one page, or of the reference pages measured twice), with the loads.
 * @param {RealClockRun[]} perRun
 */
export function realClockMedians(perRun) {
  const middle = (/** @type {(run: RealClockRun) => number} */ pick) => Math.round(median(perRun.map(pick)));
  return {
    fcpMs: middle((run) => run.fcpMs),
    lcpMs: middle((run) => run.lcpMs),
    longTasksMs: middle((run) => run.longTasksMs),
    blockingMs: middle((run) => run.blockingMs),
    perRun,
  };
}

/**
 * The median of `runs` loads of `url` at 4× CPU on the real clock (on `network` when given, e.g. SLOW_4G).
 * @param {{ url: string, chromePath: string, chromeFlags: string[], storage?: Record<string, string>, runs?: number, network?: NetworkProfile }} options
 */
export async function measureRealClock({ url, chromePath, chromeFlags, storage, runs = 3, network }) {
  const browser = await chromium.launch({ executablePath: chromePath, args: chromeFlags });
  try {
    /** @type {RealClockRun[]} */
    const perRun = [];
    for (let run = 0; run < runs; run += 1) perRun.push(await loadOnce(browser, url, storage, network));
    return realClockMedians(perRun);
  } finally {
    await browser.close();
  }
}
