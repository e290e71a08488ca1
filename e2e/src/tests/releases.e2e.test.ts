import { readFileSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { currentProvenance } from '@samgyup/build-kit';
import { repoRoot } from '@samgyup/dev-site';
import { publish, readAllParts, readPartWorkspace, rollback } from '@samgyup/release-tools';
import { registry as registryTools } from '@samgyup/site-server';
import { launchBrowser } from '../support/browser';
import { buildPartVariant, type PartVariant } from '../support/build-part-variant';
import { settleAll } from '../support/site-and-browser';
import { startTestSite, type TestSite } from '../support/test-site';
import { host, shellOrigin, testPorts } from '../support/test-ports';

// Each team releases alone, against what the others have deployed: new builds of
// one part, made by these tests from edited copies of the sources, released into
// the running site with the real release commands.
let site: TestSite;
let browser: Browser;
let menusV2: PartVariant;
const quiet = () => undefined;

/** A new build of the menus remote: the Promos page says so, so every chunk of it has a new name. */
const PROMOS_V2 = 'Fresh from our newest release';

beforeAll(async () => {
  await settleAll([
    startTestSite().then((started) => (site = started)),
    launchBrowser().then((launched) => (browser = launched)),
    buildPartVariant('mfe-menus', [
      { file: 'mfe-menus/src/promos/promos-page.tsx', from: '<h1 id="promos-title">Promos</h1>', to: `<h1 id="promos-title">Promos</h1><p>${PROMOS_V2}</p>` },
    ]).then((built) => (menusV2 = built)),
  ]);
}, 240_000);
afterAll(async () => {
  await browser?.close();
  await site?.close();
  menusV2?.remove();
});

/** Every uncaught error and failed script of a page, to assert none. */
function watchForErrors(page: Page) {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error' && /ChunkLoadError|Loading chunk|could not be loaded|RUNTIME-/i.test(message.text())) errors.push(message.text());
  });
  return errors;
}

const couldNotLoad = (page: Page) => page.getByRole('heading', { name: 'This page could not be loaded' });

describe('a team releases its remote while diners have the site open', () => {
  let v1: string;
  let v2: string;

  it('(a) an open tab moves to the new version at its next navigation, without an error', async () => {
    v1 = site.live('mfe_menus').version;
    const page = await browser.newPage();
    const errors = watchForErrors(page);
    await page.goto(`${shellOrigin}/featuremenu`);
    await page.getByRole('heading', { name: 'Featured Menu Items' }).waitFor();
    await page.locator('html[data-app-ready]').waitFor({ state: 'attached' });

    const started = Date.now();
    const released = await publish({ settings: site.settings, part: readPartWorkspace(menusV2.folder), log: quiet });
    console.log(`release of mfe_menus with the Chromium check: ${((Date.now() - started) / 1000).toFixed(1)} s`);
    v2 = released.version;
    expect(v2).not.toBe(v1);
    expect(site.live('mfe_menus').version).toBe(v2);

    // The build the tab started with is gone from the workspace; the release folders keep it.
    // A move inside the site, as the header's Promos link makes it.
    await page.evaluate(() => {
      window.history.pushState({}, '', '/promos');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    await page.getByText(PROMOS_V2).waitFor();
    expect(await page.getByRole('heading', { level: 1, name: 'Promos' }).count()).toBe(1);
    expect(await couldNotLoad(page).count()).toBe(0);
    expect(errors).toEqual([]);
    await page.close();
  }, 120_000);

  it('(f) first screens follow the release: the shell sends the new one, with stylesheets that exist', async () => {
    const html = await (await fetch(`${shellOrigin}/promos`)).text();
    expect(html).toContain(PROMOS_V2);
    const styles = [...html.matchAll(/<link rel="stylesheet" href="([^"]+)"/g)].map((match) => match[1]);
    expect(styles.some((href) => href.includes(`/${v2}/`))).toBe(true);
    for (const href of styles) expect((await fetch(new URL(href, shellOrigin))).status).toBe(200);
  });

  it('(b) a rollback gives new visitors the previous version at once, with nothing rebuilt or restarted', async () => {
    const started = Date.now();
    const back = await rollback({ settings: site.settings, partName: 'mfe_menus', log: quiet });
    console.log(`rollback of mfe_menus: ${((Date.now() - started) / 1000).toFixed(2)} s`);
    expect(back).toMatchObject({ from: v2, version: v1 });

    const page = await browser.newPage();
    const errors = watchForErrors(page);
    await page.goto(`${shellOrigin}/promos`);
    await page.getByRole('heading', { level: 1, name: 'Promos' }).waitFor();
    await page.locator('html[data-app-ready]').waitFor({ state: 'attached' });
    await page.locator('.promo-card').first().waitFor();
    expect(await page.getByText(PROMOS_V2).count()).toBe(0);
    expect(errors).toEqual([]);
    expect(await (await fetch(`${shellOrigin}/promos`)).text()).not.toContain(PROMOS_V2);
    await page.close();
  });
});

describe('a release is the code it names', () => {
  it('(h) refuses a build older than its sources, and a version bumped without building, leaving the live version in place', async () => {
    const page = path.join(menusV2.folder, 'src', 'promos', 'promos-page.tsx');
    const pkg = path.join(menusV2.folder, 'package.json');
    const [pageBefore, pkgBefore] = [readFileSync(page, 'utf8'), readFileSync(pkg, 'utf8')];
    const live = site.live('mfe_menus').version;
    try {
      // A team edits a page, commits and bumps the version, and releases without building.
      writeFileSync(page, pageBefore.replace(PROMOS_V2, 'Edited after the last build'));
      writeFileSync(pkg, JSON.stringify({ ...JSON.parse(pkgBefore), version: '9.9.9' }, null, 2));
      await expect(publish({ settings: site.settings, part: readPartWorkspace(menusV2.folder), log: quiet })).rejects.toThrow(
        'The build of @samgyup/mfe-menus is older than its sources (changed since it was built: package.json, src/promos/promos-page.tsx): run "npm run build -w @samgyup/mfe-menus", then release again.',
      );
      expect(site.live('mfe_menus').version).toBe(live);
      expect(JSON.stringify(site.registry())).not.toContain('9.9.9');
    } finally {
      writeFileSync(page, pageBefore);
      writeFileSync(pkg, pkgBefore);
    }
  });

  it('(i) every live version names the build of the sources it came from: its package version, and the hash of its sources as they are', () => {
    for (const part of readAllParts(repoRoot)) {
      const release = site.live(part.name);
      const { builtFrom } = JSON.parse(readFileSync(path.join(release.dist, '..', 'release.json'), 'utf8'));
      expect(release.version.startsWith(`${part.packageVersion}-`)).toBe(true);
      expect(builtFrom.sourcesHash).toBe(currentProvenance(part.folder).sources.hash);
    }
  });
});

describe('the check in Chromium before a release goes live', () => {
  it('(g) refuses a build whose page breaks with what is deployed, and leaves the live version in place', async () => {
    // Breaks only in a browser: the build renders its first screens in Node without complaint.
    const broken = await buildPartVariant('mfe-menus', [
      {
        file: 'mfe-menus/src/promos/promos-page.tsx',
        from: 'export function PromosPage({ now = new Date() }: { now?: Date }) {',
        to: "export function PromosPage({ now = new Date() }: { now?: Date }) {\n  if (typeof window !== 'undefined') throw new Error('promos bug');",
      },
    ]);
    try {
      const before = site.live('mfe_menus').version;
      await expect(publish({ settings: site.settings, part: readPartWorkspace(broken.folder), log: quiet })).rejects.toThrow(
        /Release of mfe_menus \S+ refused: with what is deployed, pages break in Chromium:\n {2}- \/promos (threw .*promos bug|showed "This page could not be loaded")/,
      );
      expect(site.live('mfe_menus').version).toBe(before);
    } finally {
      broken.remove();
    }
  }, 240_000);
});

describe('the @samgyup/shared contract between separately released parts', () => {
  it('(c) refuses a remote built against a newer shared than the deployed shell provides, and the page stays safe if it is deployed anyway', async () => {
    const reservation = await buildPartVariant(
      'mfe-reservation',
      [
        { file: 'shared/src/format/format-party-size.ts', from: '', to: "export const formatPartySize = (guests: number) => (guests === 1 ? '1 guest' : `${guests} guests`);\n" },
        {
          file: 'shared/src/index.ts',
          from: "export { formatPesos } from './format/format-pesos';",
          to: "export { formatPesos } from './format/format-pesos';\nexport { formatPartySize } from './format/format-party-size';",
        },
        { file: 'mfe-reservation/src/landing/reservation-landing-page.tsx', from: 'import { formatPesos, Link,', to: 'import { formatPartySize, formatPesos, Link,' },
        {
          file: 'mfe-reservation/src/landing/reservation-landing-page.tsx',
          from: '<li>Tell us who is coming and pick a free table.</li>',
          to: '<li>Tell us who is coming ({formatPartySize(2)} or more) and pick a free table.</li>',
        },
      ],
      { sharedVersion: '1.2.0' },
    );
    try {
      const before = site.live('mfe_reservation').version;
      // The live shell carries the shared library of this tree.
      const provided = (JSON.parse(readFileSync(path.join(repoRoot, 'shared', 'package.json'), 'utf8')) as { version: string }).version;
      await expect(publish({ settings: site.settings, part: readPartWorkspace(reservation.folder), log: quiet })).rejects.toThrow(
        new RegExp(`mfe_reservation .* needs @samgyup/shared \\^1\\.2\\.0, but the shell .* provides ${provided.replace(/\./g, '\\.')}\\. Release a shell built with`),
      );
      expect(site.live('mfe_reservation').version).toBe(before);

      // Pointed at by hand anyway: the federation runtime refuses the shared copy outside the remote's
      // range, so its pages say they could not be loaded (with Retry) instead of crashing; the rest works.
      const staged = await publish({ settings: site.settings, part: readPartWorkspace(reservation.folder), check: false, dryRun: true, log: quiet }).catch((error: Error) => error);
      expect(staged).toBeInstanceOf(Error);
      const version = /mfe_reservation (\S+) needs/.exec((staged as Error).message)?.[1] as string;
      const original = site.registry();
      const live = site.live('mfe_reservation');
      site.editRegistry((current) =>
        registryTools.pointTo(
          current,
          'mfe_reservation',
          { ...live, version, manifest: `http://${host}:${testPorts.remotes.mfe_reservation}/${version}/mf-manifest.json` },
          'hand edit',
        ),
      );
      const page = await browser.newPage();
      page.on('console', quiet);
      await page.goto(`${shellOrigin}/reservation`);
      await couldNotLoad(page).waitFor({ timeout: 30_000 });
      expect(await page.getByRole('button', { name: 'Retry' }).count()).toBe(1);
      await page.goto(`${shellOrigin}/feedback`);
      await page.getByRole('heading', { level: 1, name: 'Feedback' }).waitFor();
      await page.close();
      site.editRegistry(() => original);
    } finally {
      reservation.remove();
    }
  }, 240_000);

  it('(j) takes a remote its team built against the previous shared patch, and its pages work on the newer shell', async () => {
    // As mfe-reservation was built before 1.1.1: it asks for ^1.1.0, and its own copy of apiRequest sends every read.
    const reservation = await buildPartVariant(
      'mfe-reservation',
      [
        { file: 'shared/src/api/api-client.ts', from: "const publicRead = method === 'GET'", to: "const publicRead = false && method === 'GET'" },
        {
          file: 'mfe-reservation/src/landing/reservation-landing-page.tsx',
          from: '<li>Choose a date and one of our three dinner slots.</li>',
          to: '<li>Choose a date and one of our three dinner slots, as before.</li>',
        },
      ],
      { sharedVersion: '1.1.0' },
    );
    const original = site.registry();
    try {
      expect((JSON.parse(readFileSync(path.join(reservation.folder, 'dist', 'shared-contract.json'), 'utf8')) as { needs: { range: string } }).needs.range).toBe('^1.1.0');
      const before = site.live('mfe_reservation').version;
      // Released as a team releases it, the browser check included, against the shell of this tree.
      await publish({ settings: site.settings, part: readPartWorkspace(reservation.folder), log: quiet });
      expect(site.live('mfe_reservation').version).not.toBe(before);

      const page = await browser.newPage();
      const errors = watchForErrors(page);
      await page.goto(`${shellOrigin}/reservation`);
      await page.getByText('Choose a date and one of our three dinner slots, as before.').waitFor();
      // Its page reads the owner's settings through the shell's shared library: the down payment shows.
      await page.getByText(/Pay the ₱[\d,]+ down payment by QR/).waitFor();
      await page.locator('html[data-app-ready]').waitFor({ state: 'attached' });
      expect(await couldNotLoad(page).count()).toBe(0);
      expect(errors).toEqual([]);
      await page.close();
    } finally {
      site.editRegistry(() => original);
      reservation.remove();
    }
  }, 240_000);

  it('(d) refuses a shell release that drops a shared export a deployed remote uses', async () => {
    const shell = await buildPartVariant('shell', [
      {
        file: 'shared/src/index.ts',
        from: "export { formatLongDate } from './format/format-date';",
        to: "export { formatLongDate as formatDateLong } from './format/format-date';",
      },
    ]);
    try {
      const before = site.live('shell').version;
      await expect(publish({ settings: site.settings, part: readPartWorkspace(shell.folder), log: quiet })).rejects.toThrow(
        /mfe_reviews .* uses formatLongDate from @samgyup\/shared, which the shell .* does not export/,
      );
      expect(site.live('shell').version).toBe(before);
      const page = await browser.newPage();
      await page.goto(`${shellOrigin}/feedback`);
      await page.getByRole('heading', { level: 1, name: 'Feedback' }).waitFor();
      await page.locator('html[data-app-ready]').waitFor({ state: 'attached' });
      expect(await couldNotLoad(page).count()).toBe(0);
      await page.close();
    } finally {
      shell.remove();
    }
  }, 240_000);
});

describe('a remote that hangs', () => {
  let hung: Server;
  // The page's requests to it never end by themselves (a failed test leaves its page open): ended here, or close() waits for ever.
  afterAll(() => new Promise<void>((resolve) => (hung ? (hung.closeAllConnections(), hung.close(() => resolve())) : resolve())));

  it('(e) a manifest that never answers: the page gives up with its message and Retry within the time limit', async () => {
    // Accepts every request and never answers it; the time limit runs from the page's first request to it (Chromium's, not a server's).
    let asked = 0;
    hung = createServer((request) => {
      if (request.headers['user-agent']?.includes('Chrome')) asked ||= Date.now();
    });
    await new Promise<void>((resolve) => hung.listen(testPorts.spare[2], host, resolve));
    const original = site.registry();
    const live = site.live('mfe_menus');
    site.editRegistry((current) => registryTools.pointTo(current, 'mfe_menus', { ...live, manifest: `http://${host}:${testPorts.spare[2]}/mf-manifest.json` }, 'hung host'));
    try {
      const page = await browser.newPage();
      page.on('console', quiet);
      await page.goto(`${shellOrigin}/featuremenu`, { waitUntil: 'domcontentloaded' });
      await page.getByRole('status').first().waitFor();
      await couldNotLoad(page).waitFor({ timeout: 30_000 });
      const seconds = (Date.now() - asked) / 1000;
      console.log(`hung manifest: "could not be loaded" after ${seconds.toFixed(1)} s`);
      expect(seconds).toBeLessThan(25);
      expect(await page.getByRole('button', { name: 'Retry' }).count()).toBe(1);
      expect(await page.getByRole('banner').count()).toBe(1);
      await page.close();
      hung.closeAllConnections();
    } finally {
      site.editRegistry(() => original);
    }
  }, 60_000);
});
