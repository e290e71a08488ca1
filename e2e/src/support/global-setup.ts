import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { findHeadlessChromium } from '@samgyup/release-tools/find-chromium';
import { CLOCK_ENV, CLOCK_OFFSET_ENV, e2eApiEnv, REMOTE_FOLDERS, repoRoot, restaurantClockOffset, startApi } from '@samgyup/dev-site';
import { E2E_CANARY } from './canary-settings';
import { apiOrigin, externalSite, shellOrigin, testPorts } from './test-ports';

/** A deployment someone else started: checked, never started or stopped here. */
async function checkExternalSite() {
  for (const name of ['E2E_DATA_DIR', 'E2E_RELEASES_DIR']) {
    if (!process.env[name])
      throw new Error(`E2E_SITE_ORIGIN is set, so ${name} must be too (the API's mailbox is in E2E_DATA_DIR/mailbox; the release registry in E2E_RELEASES_DIR).`);
  }
  const health = await fetch(`${apiOrigin}/api/health`, { signal: AbortSignal.timeout(10_000) }).catch((error: Error) => error);
  if (health instanceof Error || !health.ok) {
    throw new Error(`The deployment under test does not answer at ${apiOrigin}/api/health (${health instanceof Error ? health.message : health.status}).`);
  }
}

/**
 * TEST_RESTAURANT_CLOCK=HH:MM: the run starts at that restaurant time today. The
 * offset is fixed here once; the tests, every page (launchBrowser) and every Node
 * process the run starts (the API among them, through the preload) read it.
 */
function pinRestaurantClock(time: string) {
  if (externalSite) throw new Error(`${CLOCK_ENV} pins the clock of the site the tests start; a deployment (E2E_SITE_ORIGIN) keeps its own, so unset ${CLOCK_ENV}.`);
  process.env[CLOCK_OFFSET_ENV] = String(restaurantClockOffset(time));
  process.env.NODE_OPTIONS = `${process.env.NODE_OPTIONS ?? ''} --require ${require.resolve('@samgyup/dev-site/shifted-clock-preload.cjs')}`.trim();
}

export default async function globalSetup() {
  findHeadlessChromium();
  const pinned = process.env[CLOCK_ENV];
  if (pinned) pinRestaurantClock(pinned);
  if (externalSite) return checkExternalSite();
  const builtFiles = ['api/dist/server.js', 'shell/dist/index.html', ...REMOTE_FOLDERS.map((remote: string) => `${remote}/dist/remoteEntry.js`)];
  for (const file of builtFiles) {
    if (!existsSync(path.join(repoRoot, file))) {
      const folder = file.split('/')[0];
      throw new Error(`${folder}/dist is missing: run "npm run build" before the end-to-end tests.`);
    }
  }
  const dataDir = mkdtempSync(path.join(tmpdir(), 'samgyup-e2e-'));
  // The registry the API reads for the Releases screen: a test site that releases into it (startTestSite({ sharedWithApi })) is what the API sees.
  const apiReleasesDir = path.join(dataDir, 'releases');
  const origins = [shellOrigin, `http://localhost:${testPorts.shell}`];
  const api = await startApi({
    port: testPorts.api,
    stdio: ['ignore', 'ignore', 'inherit'],
    // It first makes its embedded database in the fresh folder (initdb, migrations, seed):
    // initdb alone took 34 s with the two cores at load 20, and the whole start ran past 60 s at load 30.
    timeoutMs: 180_000,
    env: {
      ...process.env,
      ...e2eApiEnv,
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      CORS_ORIGINS: origins.join(','),
      // Links in messages (manage, claim) lead to the site under test.
      SITE_URL: shellOrigin,
      RELEASES_DIR: apiReleasesDir,
      // Canaries judged in seconds (canaries.e2e.test.ts): counts written every second, a look every 2 s, 4 page views, a 60 s soak (canary-settings.ts): at load 13 on the two cores, the throwing canary was rolled back 50 s after it started.
      BROWSER_REPORTS_FLUSH_MS: '1000',
      CANARY_CHECK_SECONDS: '2',
      CANARY_MIN_PAGE_VIEWS: String(E2E_CANARY.minPageViews),
      CANARY_SOAK_SECONDS: String(E2E_CANARY.soakSeconds),
      LOG_LEVEL: 'warn',
    },
  });
  process.env.E2E_DATA_DIR = dataDir;
  process.env.E2E_API_RELEASES_DIR = apiReleasesDir;
  (globalThis as { __E2E_API__?: typeof api }).__E2E_API__ = api;
}
