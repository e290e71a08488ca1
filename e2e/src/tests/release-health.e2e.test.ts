import type { Browser, Request } from 'playwright-core';
import { launchBrowser } from '../support/browser';
import { createStaffAccount } from '../support/create-staff';
import { settleAll } from '../support/site-and-browser';
import { staffHeaders } from '../support/staff-token';
import { startTestSite, type TestSite } from '../support/test-site';
import { apiOrigin, shellOrigin } from '../support/test-ports';

// What diners' browsers live through reaches the API per part, released version
// and route, and the admins' Releases screen shows it beside what is live.
let site: TestSite;
let browser: Browser;
const adminEmail = `releases.${Date.now()}@samgyup.test`;
const adminPassword = 'release-health-1';

beforeAll(async () => {
  await settleAll([
    startTestSite({ sharedWithApi: true }).then((started) => (site = started)),
    launchBrowser().then((launched) => (browser = launched)),
    createStaffAccount(adminEmail, 'Release Watcher', adminPassword, 'admin'),
  ]);
}, 240_000);
afterAll(async () => {
  await browser?.close();
  await site?.close();
});

interface ReportEvent {
  type: string;
  part: string;
  version: string;
  route: string;
  outcome?: string;
  metric?: string;
}

interface VersionRow {
  part: string;
  version: string;
  page_views: number;
  loads_ok: number;
}

async function releaseHealth(): Promise<VersionRow[]> {
  const answer = await fetch(`${apiOrigin}/api/staff/release-health?hours=1`, { headers: staffHeaders('admin') });
  expect(answer.status).toBe(200);
  return ((await answer.json()) as { data: { versions: VersionRow[] } }).data.versions;
}

describe('release health from real page loads', () => {
  it('(e) a page load reports its part, version and route in a beacon; the API counts it; the Releases screen shows it', async () => {
    const live = site.live('mfe_reviews').version;
    const shell = site.live('shell').version;
    const page = await browser.newPage();
    const events: ReportEvent[] = [];
    const batches: Array<{ shell: string }> = [];
    page.on('request', (request: Request) => {
      if (request.method() !== 'POST' || !request.url().endsWith('/api/browser-reports')) return;
      const batch = JSON.parse(request.postData() ?? '{}') as { shell: string; events: ReportEvent[] };
      batches.push(batch);
      events.push(...batch.events);
    });
    await page.goto(`${shellOrigin}/feedback?from=qr`);
    await page.getByRole('heading', { level: 1, name: 'Feedback' }).waitFor();
    await page.locator('html[data-app-ready]').waitFor({ state: 'attached' });
    // A batch leaves within ten seconds of its first event (or as the page is hidden).
    const seen = (wanted: (event: ReportEvent) => boolean) => events.some(wanted);
    for (const deadline = Date.now() + 30_000; Date.now() < deadline; await new Promise((resolve) => setTimeout(resolve, 250))) {
      if (seen((event) => event.type === 'load') && seen((event) => event.metric === 'TTFB')) break;
    }
    expect(batches.every((batch) => batch.shell === shell)).toBe(true);
    expect(events).toContainEqual({ type: 'view', part: 'mfe_reviews', version: live, route: '/feedback' });
    expect(events).toContainEqual({ type: 'load', part: 'mfe_reviews', version: live, route: '/feedback', outcome: 'ok' });
    expect(events).toContainEqual(expect.objectContaining({ type: 'vital', metric: 'TTFB', part: 'mfe_reviews', version: live, route: '/feedback' }));
    // No address the visitor typed and no query string: only the route pattern.
    expect(JSON.stringify(events)).not.toContain('from=qr');
    await page.close();

    // Each API replica writes its counts every BROWSER_REPORTS_FLUSH_MS (10 s).
    let row: VersionRow | undefined;
    for (const deadline = Date.now() + 30_000; !row && Date.now() < deadline; await new Promise((resolve) => setTimeout(resolve, 1000))) {
      row = (await releaseHealth()).find((candidate) => candidate.part === 'mfe_reviews' && candidate.version === live && candidate.page_views > 0);
    }
    expect(row).toMatchObject({ part: 'mfe_reviews', version: live });
    expect(row!.loads_ok).toBeGreaterThan(0);

    const console = await browser.newPage();
    await console.goto(`${shellOrigin}/staff/login?next=${encodeURIComponent('/staff/releases')}`);
    await console.getByLabel('Email').fill(adminEmail);
    await console.getByLabel('Password', { exact: true }).fill(adminPassword);
    await console.getByRole('button', { name: 'Log in' }).click();
    const reviews = console.getByRole('region', { name: 'Reviews' });
    await reviews.waitFor();
    await reviews.getByText(live, { exact: true }).waitFor();
    const views = await reviews
      .getByRole('row', { name: /^Page views/ })
      .getByRole('cell')
      .first()
      .textContent();
    expect(Number(views)).toBeGreaterThan(0);
    await console.close();
  }, 120_000);
});
