import type { Browser, BrowserContext, Page } from 'playwright-core';
import { publish, readPartWorkspace } from '@samgyup/release-tools';
import { launchBrowser } from '../support/browser';
import { buildPartVariant, type PartVariant } from '../support/build-part-variant';
import { E2E_CANARY } from '../support/canary-settings';
import { settleAll } from '../support/site-and-browser';
import { startTestSite, type TestSite } from '../support/test-site';
import { staffHeaders } from '../support/staff-token';
import { apiOrigin, shellOrigin } from '../support/test-ports';

// Canary releases in Chromium (docs/releases.md, "Canary releases"): builds of the
// menus remote made by this file from edited copies of the sources, released as
// canaries for half the visitors with the real release command, visited by fresh
// browsers, and judged by the suite's API from what those browsers report.
let browser: Browser;
let healthy: PartVariant;
let throwing: PartVariant;
const quiet = () => undefined;

/** The healthy new build's Promos page says so. */
const NEW_PROMOS = 'Promos from the canary build';
const PROMOS_PAGE = 'mfe-menus/src/promos/promos-page.tsx';
const COHORT_COOKIE = 'samgyup_cohort';

beforeAll(async () => {
  const started = Date.now();
  await settleAll([
    launchBrowser().then((launched) => (browser = launched)),
    buildPartVariant('mfe-menus', [{ file: PROMOS_PAGE, from: '<h1 id="promos-title">Promos</h1>', to: `<h1 id="promos-title">Promos</h1><p>${NEW_PROMOS}</p>` }]).then(
      (built) => (healthy = built),
    ),
    // Throws once it runs in the browser (an effect: the first screen drawn at build time stays whole), for every visitor.
    buildPartVariant('mfe-menus', [
      { file: PROMOS_PAGE, from: "import { useState } from 'react';", to: "import { useEffect, useState } from 'react';" },
      {
        file: PROMOS_PAGE,
        from: "  const { state, retry } = useApiData('promos', getPromos, { path: PROMOS_PATH, read: readPromos });",
        to: "  const { state, retry } = useApiData('promos', getPromos, { path: PROMOS_PATH, read: readPromos });\n  useEffect(() => {\n    throw new Error('The canary build of the promos page breaks');\n  }, []);",
      },
    ]).then((built) => (throwing = built)),
  ]);
  console.log(`canaries: Chromium and two builds of mfe-menus in ${((Date.now() - started) / 1000).toFixed(0)} s`);
}, 600_000);
afterAll(async () => {
  await browser?.close();
  healthy?.remove();
  throwing?.remove();
});

const promosHeading = (page: Page) => page.getByRole('heading', { level: 1, name: 'Promos' });
const couldNotLoad = (page: Page) => page.getByRole('heading', { name: 'This page could not be loaded' });

async function cohortOf(context: BrowserContext): Promise<number> {
  const cookie = (await context.cookies(shellOrigin)).find((candidate) => candidate.name === COHORT_COOKIE);
  if (!cookie) throw new Error(`The site gave this visitor no ${COHORT_COOKIE} cookie`);
  return Number(cookie.value);
}

/** The visitor leaves: the page is hidden, so its reports leave in a beacon (closing the context would drop them). */
const leave = (page: Page) => page.goto('about:blank');

/** Into the menus from another part, inside the site: the shell reads /remotes.json (with the visitor's cookie) and loads the remote. */
async function moveToPromosFromReviews(page: Page) {
  await page.goto(`${shellOrigin}/feedback`);
  await page.getByRole('heading', { level: 1, name: 'Feedback' }).waitFor();
  await page.locator('html[data-app-ready]').waitFor({ state: 'attached' });
  await page.evaluate(() => {
    window.history.pushState({}, '', '/promos');
    window.dispatchEvent(new PopStateEvent('popstate'));
  });
  await promosHeading(page).waitFor();
}

/**
 * A fresh visitor: whether each of their page loads has the menus build `canary`. They arrive on another part's page
 * (/feedback), where the server gives them their cohort cookie, and move into the menus inside the site, then load
 * /promos five times more. `rendered`: the move runs the app (the shell reads /remotes.json with their cookie and loads
 * the remote; the Promos page shows which build it is); otherwise the arrival runs no script (the machine is shared)
 * and the move is the shell's own read of /remotes.json with the visitor's cookie. The later loads are read as the
 * server sends them, with the browser's cookies (the context's own HTTP client: no page is drawn): the page names the
 * menus build it loads (its preloads, in a header or in the page).
 */
async function visit(canary: string, { rendered }: { rendered: boolean }): Promise<{ cohort: number; sawNew: boolean[] }> {
  const context = await browser.newContext();
  try {
    const sawNew: boolean[] = [];
    if (rendered) {
      const page = await context.newPage();
      await moveToPromosFromReviews(page);
      sawNew.push((await page.getByText(NEW_PROMOS).count()) > 0);
    } else {
      const page = await context.newPage();
      // Only the page itself loads: no script, style, font or picture.
      await page.route('**/*', (route) => (route.request().resourceType() === 'document' ? route.continue() : route.abort()));
      await page.goto(`${shellOrigin}/feedback`, { waitUntil: 'domcontentloaded' });
      const { remotes } = (await (await context.request.get(`${shellOrigin}/remotes.json`)).json()) as { remotes: { name: string; version: string }[] };
      sawNew.push(remotes.some((remote) => remote.name === 'mfe_menus' && remote.version === canary));
    }
    for (let reload = 0; reload < 5; reload += 1) {
      const answer = await context.request.get(`${shellOrigin}/promos`);
      sawNew.push(`${answer.headers().link ?? ''}${await answer.text()}`.includes(`/${canary}/mf-manifest.json`));
    }
    return { cohort: await cohortOf(context), sawNew };
  } finally {
    await context.close();
  }
}

/** Runs `count` visits, `together` at a time. */
async function visits<T>(count: number, together: number, one: () => Promise<T>): Promise<T[]> {
  const done: T[] = [];
  for (let start = 0; start < count; start += together) done.push(...(await Promise.all(Array.from({ length: Math.min(together, count - start) }, one))));
  return done;
}

/** Runs `meanwhile` until `check` holds; past the time limit, fails with what the registry and the API's figures say of the menus. */
async function until(what: string, check: () => boolean, timeoutMs: number, site: TestSite, meanwhile: () => Promise<unknown>) {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) {
      const figures = await fetch(`${apiOrigin}/api/staff/release-health?hours=1`, { headers: staffHeaders('admin') }).then((answer) => answer.json());
      const menus = (figures as { data: { versions: Array<{ part: string }> } }).data.versions.filter((row) => row.part === 'mfe_menus');
      const { canary, history } = site.registry().parts.mfe_menus;
      throw new Error(
        `Waited ${timeoutMs / 1000} s for ${what}. Canary: ${JSON.stringify(canary)}; last step: ${JSON.stringify(history?.at(-1))}; reports: ${JSON.stringify(menus)}`,
      );
    }
    await meanwhile();
  }
}

describe('a canary on a site the API does not judge', () => {
  let site: TestSite;
  beforeAll(async () => (site = await startTestSite()), 240_000);
  afterAll(() => site?.close());

  it('(b) gives a 50% canary to about half of 40 fresh visitors, each keeping their version across reloads and parts', async () => {
    const stable = site.live('mfe_menus').version;
    const canary = await publish({ settings: site.settings, part: readPartWorkspace(healthy.folder), check: false, canary: 50, log: quiet });
    expect(site.registry().parts.mfe_menus).toMatchObject({ current: stable, canary: { version: canary.version, percent: 50 } });

    const started = Date.now();
    // Every fifth visitor runs the whole app; every visitor arrives in Chromium and comes back with its cookies.
    let count = 0;
    const visitors = await visits(40, 4, () => visit(canary.version, { rendered: (count += 1) % 5 === 1 }));
    console.log(`canaries (b): 40 visitors, 7 page loads each (8 running the app), in ${((Date.now() - started) / 1000).toFixed(0)} s`);
    for (const visitor of visitors) {
      // One version for the whole visit, and the one the cohort says (below 5000 of 10,000: in a 50% canary).
      expect(new Set(visitor.sawNew).size).toBe(1);
      expect(visitor.sawNew[0]).toBe(visitor.cohort < 5000);
    }
    const onCanary = visitors.filter((visitor) => visitor.sawNew[0]).length;
    console.log(`canaries (b): ${onCanary} of 40 visitors on the canary`);
    // Each visitor's cohort is a fair draw, so the count is binomial (40, ½): 8-32 misses a working
    // site once in about 24,000 runs (12-28 did once in 156, and did in CI), and still fails a
    // canary that reaches nobody, everybody, or a tenth of visitors. How evenly the server draws
    // is pinned by site-server's visitor-cohort test over 20,000 draws.
    expect(onCanary).toBeGreaterThanOrEqual(8);
    expect(onCanary).toBeLessThanOrEqual(32);
  }, 600_000);
});

describe('canaries the API judges from what browsers report', () => {
  let site: TestSite;
  beforeAll(async () => (site = await startTestSite({ sharedWithApi: true })), 240_000);
  afterAll(() => site?.close());

  /**
   * One fresh visitor's page load of /promos (its reports leave as the page is left): whether it loaded any file of
   * the menus build `canary`, and whether the page broke (the canary's page throws once it runs: its message then comes).
   */
  async function promosOnce(canary: string): Promise<{ cohort: number; sawCanary: boolean; broken: boolean; sawNew: boolean }> {
    const context = await browser.newContext();
    try {
      const page = await context.newPage();
      let sawCanary = false;
      page.on('request', (request) => (sawCanary ||= request.url().includes(`/${canary}/`)));
      await page.goto(`${shellOrigin}/promos`);
      await page.locator('html[data-app-ready]').waitFor({ state: 'attached' });
      // The remote's own page replaces the first screen the server drew.
      await page.waitForFunction(() => !document.querySelector('[data-first-screen]'), undefined, { timeout: 20_000 });
      // A visitor whose page named the canary's files as the judge rolled it back may run the live build after all.
      if (sawCanary)
        await couldNotLoad(page)
          .or(page.getByText(NEW_PROMOS))
          .first()
          .waitFor({ timeout: 10_000 })
          .catch(() => undefined);
      const broken = (await couldNotLoad(page).count()) > 0;
      const sawNew = (await page.getByText(NEW_PROMOS).count()) > 0;
      await leave(page);
      return { cohort: await cohortOf(context), sawCanary, broken, sawNew };
    } finally {
      await context.close();
    }
  }

  it('(c) rolls back by itself a canary whose page throws for every visitor, within the soak time; visitors outside it never saw it', async () => {
    const stable = site.live('mfe_menus').version;
    const canary = await publish({ settings: site.settings, part: readPartWorkspace(throwing.folder), check: false, canary: 50, log: quiet });
    const since = site.registry().parts.mfe_menus.canary?.since ?? '';
    const seen: Awaited<ReturnType<typeof promosOnce>>[] = [];
    await until(
      'the API to roll the throwing canary back',
      () => !site.registry().parts.mfe_menus.canary,
      E2E_CANARY.soakSeconds * 1000,
      site,
      async () => seen.push(...(await visits(4, 4, () => promosOnce(canary.version)))),
    );
    const entry = site.registry().parts.mfe_menus;
    const rolledBack = entry.history?.at(-1);
    const seconds = (Date.parse(rolledBack?.at ?? '') - Date.parse(since)) / 1000;
    console.log(`canaries (c): rolled back ${seconds.toFixed(0)} s after it started, ${seen.length} visitors`);
    expect(seconds).toBeLessThan(E2E_CANARY.soakSeconds);
    expect(entry.current).toBe(stable);
    expect(rolledBack).toMatchObject({ version: canary.version, action: 'canary-rollback', by: 'judge', reason: expect.stringMatching(/^errors per page view/) });
    // Visitors outside it never loaded a file of it; only its visitors saw the page break.
    for (const visitor of seen) {
      if (visitor.cohort >= 5000) expect(visitor.sawCanary).toBe(false);
      if (visitor.broken) expect(visitor.sawCanary).toBe(true);
    }
    expect(seen.some((visitor) => visitor.broken)).toBe(true);
    // Now every visitor has the live version again, the canary's cohorts among them.
    const after = await visits(4, 4, () => promosOnce(canary.version));
    expect(after.every((visitor) => !visitor.sawCanary && !visitor.broken)).toBe(true);
  }, 300_000);

  it('(d) promotes by itself a healthy canary once it has held for the soak time', async () => {
    expect(site.registry().parts.mfe_menus.canary).toBeUndefined();
    const canary = await publish({ settings: site.settings, part: readPartWorkspace(healthy.folder), check: false, canary: 50, log: quiet });
    const since = site.registry().parts.mfe_menus.canary?.since ?? '';
    const seen: Awaited<ReturnType<typeof promosOnce>>[] = [];
    await until(
      'the API to promote the healthy canary',
      () => site.registry().parts.mfe_menus.current === canary.version,
      (E2E_CANARY.soakSeconds + 60) * 1000,
      site,
      // Each visitor's cohort falls in the canary half the time: 16 visitors, and more (48 at most) until enough of them
      // were on it for the judge to rule (a few over its minimum, in case a report is lost), then only the soak time.
      async () => {
        const onCanary = seen.filter((visitor) => visitor.sawCanary).length;
        const more = seen.length < 16 || (onCanary < E2E_CANARY.minPageViews + 2 && seen.length < 48);
        return more ? seen.push(...(await visits(4, 4, () => promosOnce(canary.version)))) : new Promise((resolve) => setTimeout(resolve, 1000));
      },
    );
    const promoted = site.registry().parts.mfe_menus.history?.at(-1);
    const seconds = (Date.parse(promoted?.at ?? '') - Date.parse(since)) / 1000;
    console.log(`canaries (d): promoted ${seconds.toFixed(0)} s after it started, ${seen.length} visitors`);
    expect(seconds).toBeGreaterThanOrEqual(E2E_CANARY.soakSeconds);
    expect(site.registry().parts.mfe_menus.canary).toBeUndefined();
    expect(promoted).toMatchObject({
      version: canary.version,
      action: 'promote',
      by: 'judge',
      figures: { canary: expect.objectContaining({ errors: 0 }) },
    });
    for (const visitor of seen) {
      expect(visitor.broken).toBe(false);
      if (visitor.cohort < 5000) expect(visitor.sawNew).toBe(true);
    }
    // Every visitor has it now.
    expect((await visits(2, 2, () => promosOnce(canary.version))).every((visitor) => visitor.sawNew)).toBe(true);
  }, 300_000);
});
