import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import registryTools from '@samgyup/site-server/release-registry';
import { judgeCanaries } from '../../services/release-health/canary-judge';
import { createTestApp, type TestApp } from '../../test/create-test-app';
import { quickStaff } from '../../test/customer-helper';

let t: TestApp;
let admin: Awaited<ReturnType<typeof quickStaff>>;
let staff: Awaited<ReturnType<typeof quickStaff>>;
const releasesDir = mkdtempSync(path.join(tmpdir(), 'samgyup-api-releases-'));
beforeAll(async () => {
  // Counts are written on demand in these tests (flush), not by the timer; canaries are judged when a test says (no job workers).
  t = await createTestApp({
    seed: false,
    env: {
      BROWSER_REPORTS_FLUSH_MS: '300000',
      BROWSER_REPORTS_PER_MINUTE: '40',
      RELEASES_DIR: releasesDir,
      CANARY_MIN_PAGE_VIEWS: '5',
      CANARY_SOAK_SECONDS: '600',
      JOB_WORKERS_ENABLED: 'false',
    },
  });
  admin = await quickStaff(t.app, 'admin');
  staff = await quickStaff(t.app);
});
afterAll(async () => {
  await t.close();
  rmSync(releasesDir, { recursive: true, force: true });
});

const where = (version: string, route = '/unlimited') => ({ part: 'mfe_menus', version, route });
const send = (body: unknown, contentType = 'text/plain;charset=UTF-8', remoteAddress = '10.0.0.1') =>
  t.app.inject({
    method: 'POST',
    url: '/api/browser-reports',
    headers: { 'content-type': contentType },
    payload: typeof body === 'string' ? body : JSON.stringify(body),
    remoteAddress,
  });

async function health(hours = 6) {
  await t.app.browserReports.flush();
  const answer = await t.app.inject({ method: 'GET', url: `/api/staff/release-health?hours=${hours}`, headers: admin.auth });
  expect(answer.statusCode).toBe(200);
  return answer.json().data as { versions: Array<Record<string, unknown>>; series: Array<Record<string, unknown>>; step_minutes: number };
}

describe('browser reports', () => {
  it('adds up views, loads by phase, errors and web vitals per part and version, sent as a beacon (text/plain) or JSON', async () => {
    const events = [];
    for (let view = 0; view < 8; view += 1) {
      events.push({ type: 'view', ...where('0.2.0-canary') }, { type: 'load', ...where('0.2.0-canary'), outcome: view < 6 ? 'ok' : 'chunk' });
      events.push({ type: 'vital', ...where('0.2.0-canary'), metric: 'LCP', value: 1000 + view * 100 });
    }
    events.push({ type: 'error', ...where('0.2.0-canary') }, { type: 'error', ...where('0.2.0-canary', '/promos') });
    expect((await send({ shell: '1.0.0-abc', events: events.slice(0, 12) })).statusCode).toBe(204);
    expect((await send({ shell: '1.0.0-abc', events: events.slice(12) }, 'application/json')).statusCode).toBe(204);
    expect(
      (
        await send({
          shell: '1.0.0-abc',
          events: [
            { type: 'view', ...where('0.1.0-stable') },
            { type: 'vital', ...where('0.1.0-stable'), metric: 'CLS', value: 0.05 },
            { type: 'vital', ...where('0.1.0-stable'), metric: 'TTFB', value: 200 },
          ],
        })
      ).statusCode,
    ).toBe(204);

    const { versions, series } = await health();
    const canary = versions.find((row) => row.version === '0.2.0-canary');
    expect(canary).toMatchObject({ part: 'mfe_menus', page_views: 8, loads_ok: 6, failed_loads: 2, errors: 2, error_rate: 0.25, failed_load_rate: 0.25 });
    // The p75 of 1000..1700 ms is 1500 ms; buckets keep it within a quarter.
    expect(canary!.lcp_p75_ms).toBeGreaterThanOrEqual(1500);
    expect(canary!.lcp_p75_ms).toBeLessThanOrEqual(1500 * 1.25);
    expect(canary!.inp_p75_ms).toBeNull();
    expect(canary).toMatchObject({ lcp_samples: 8, inp_samples: 0 });
    const stable = versions.find((row) => row.version === '0.1.0-stable');
    expect(stable).toMatchObject({ page_views: 1, errors: 0, error_rate: 0 });
    expect(stable!.cls_p75).toBeGreaterThanOrEqual(0.05);
    expect(stable!.cls_p75).toBeLessThanOrEqual(0.0625);
    expect(stable!.ttfb_p75_ms).toBeGreaterThanOrEqual(200);
    expect(stable!.ttfb_p75_ms).toBeLessThanOrEqual(250);
    expect(series.some((point) => point.version === '0.2.0-canary' && point.page_views === 8)).toBe(true);
  });

  it('refuses what is not a report with a 400 in words, keeping nothing of it, and a body over 16 KB with a 413', async () => {
    const before = await health();
    const refused = [
      'not json',
      { shell: '1.0.0', events: [] },
      { shell: '1.0.0', events: [{ type: 'view', ...where('0.1.0'), route: '/my-reservations?email=ana@example.com' }] },
      { shell: '1.0.0', events: [{ type: 'view', ...where('0.1.0'), route: 'https://evil.example/' }] },
      { shell: '1.0.0', events: [{ type: 'error', ...where('0.1.0'), message: 'Ana Cruz, 0917 555 0142' }] },
      { shell: '1.0.0', events: [{ type: 'vital', ...where('0.1.0'), metric: 'FID', value: 10 }] },
      { shell: '1.0.0', events: [{ type: 'load', ...where('0.1.0'), outcome: 'maybe' }] },
      { shell: '1.0.0', events: Array.from({ length: 51 }, () => ({ type: 'view', ...where('0.1.0') })) },
      { shell: "1.0.0'; DROP TABLE reservations; --", events: [{ type: 'view', ...where('0.1.0') }] },
    ];
    for (const body of refused) {
      const answer = await send(body, 'text/plain', '10.0.0.2');
      expect(answer.statusCode).toBe(400);
      expect(answer.json()).toEqual({ success: false, message: expect.stringContaining('A browser report must be') });
    }
    const huge = await send({ shell: '1.0.0', events: [{ type: 'view', ...where('0.1.0'), route: `/${'a'.repeat(20_000)}` }] }, 'text/plain', '10.0.0.2');
    expect(huge.statusCode).toBe(413);
    expect((await health()).versions).toEqual(before.versions);
  });

  it('limits the batches one address sends a replica in a minute, without touching other addresses', async () => {
    const batch = { shell: '1.0.0', events: [{ type: 'view', ...where('0.3.0') }] };
    const statuses = [];
    for (let sent = 0; sent < 45; sent += 1) statuses.push((await send(batch, 'text/plain', '10.0.0.3')).statusCode);
    expect(statuses.filter((status) => status === 204)).toHaveLength(40);
    const limited = await send(batch, 'text/plain', '10.0.0.3');
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toBe('Too many reports from this address. Reports are sampled; try again in a minute.');
    expect((await send(batch, 'text/plain', '10.0.0.4')).statusCode).toBe(204);
  });

  it('shows release health to admins only, and checks its window', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/staff/release-health' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/staff/release-health', headers: staff.auth })).statusCode).toBe(403);
    const wrong = await t.app.inject({ method: 'GET', url: '/api/staff/release-health?hours=9999', headers: admin.auth });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe('Send hours as a whole number from 1 to 168 (a week).');
  });

  it('shows admins each part’s live release, when it went live and its commit, with its health since then beside the version before it', async () => {
    const releases = () => t.app.inject({ method: 'GET', url: '/api/staff/releases', headers: admin.auth });
    expect((await releases()).json().data).toEqual({ registry: false, hours: 6, step_minutes: 15, parts: [] });

    const now = Date.now();
    const at = (hoursAgo: number) => new Date(now - hoursAgo * 3_600_000).toISOString();
    const history = [
      { version: '0.1.0-old', action: 'release', at: at(5) },
      { version: '0.1.1-prev', action: 'release', at: at(3) },
      { version: '0.1.2-live', action: 'release', at: at(1) },
    ];
    const releaseOf = (version: string) => ({ name: 'mfe_reviews', label: 'Reviews', version, manifest: `http://x/${version}/mf-manifest.json`, routes: ['/feedback'] });
    writeFileSync(
      path.join(releasesDir, 'registry.json'),
      JSON.stringify({ parts: { mfe_reviews: { current: '0.1.2-live', releases: history.map((step) => releaseOf(step.version)), history } } }),
    );
    mkdirSync(path.join(releasesDir, 'mfe_reviews', '0.1.2-live'), { recursive: true });
    writeFileSync(path.join(releasesDir, 'mfe_reviews', '0.1.2-live', 'release.json'), JSON.stringify({ builtFrom: { commit: 'c0ffee1234567890', uncommitted: false } }));

    const reviews = (version: string, type: 'view' | 'error') => ({ type, part: 'mfe_reviews', version, route: '/feedback' });
    // The version before: 4 views, 2 errors while it was live; the live one: 5 views, no error since it went live.
    t.app.browserReports.add(
      { shell: '1.0.0', events: [...Array.from({ length: 4 }, () => reviews('0.1.1-prev', 'view')), reviews('0.1.1-prev', 'error'), reviews('0.1.1-prev', 'error')] },
      new Date(now - 2 * 3_600_000),
    );
    t.app.browserReports.add({ shell: '1.0.0', events: Array.from({ length: 5 }, () => reviews('0.1.2-live', 'view')) });
    await t.app.browserReports.flush();

    const answer = await releases();
    expect(answer.statusCode).toBe(200);
    expect(answer.json().data).toEqual({
      registry: true,
      hours: 6,
      step_minutes: 15,
      parts: [
        {
          part: 'mfe_reviews',
          label: 'Reviews',
          version: '0.1.2-live',
          since: at(1),
          commit: 'c0ffee1234567890',
          uncommitted: false,
          previous: { version: '0.1.1-prev', since: at(3) },
          health: expect.objectContaining({ version: '0.1.2-live', page_views: 5, errors: 0, error_rate: 0 }),
          previous_health: expect.objectContaining({ version: '0.1.1-prev', page_views: 4, errors: 2, error_rate: 0.5 }),
          canary: null,
          decisions: [...history].reverse(),
          series: expect.arrayContaining([expect.objectContaining({ version: '0.1.2-live', page_views: 5, errors: 0 })]),
        },
      ],
    });
    expect((await t.app.inject({ method: 'GET', url: '/api/staff/releases', headers: staff.auth })).statusCode).toBe(403);
  });

  describe('canaries', () => {
    const menusRelease = (version: string) => ({ name: 'mfe_menus', label: 'Menus', version, manifest: `http://x/${version}/mf-manifest.json`, routes: ['/unlimited'] });
    const registryNow = () => registryTools.readRegistry(releasesDir).parts.mfe_menus;
    /** mfe_menus live at 1.0.0-stable, and `canary` for half the visitors since a minute ago (a part of its own: the reports above are of other versions). */
    function startMenusCanary(canary: string) {
      const live = registryTools.pointTo(registryTools.emptyRegistry(), 'mfe_menus', menusRelease('1.0.0-stable'), 'release', new Date(Date.now() - 3_600_000).toISOString());
      registryTools.writeRegistry(releasesDir, registryTools.startCanary(live, 'mfe_menus', menusRelease(canary), 50, new Date(Date.now() - 60_000).toISOString()));
    }
    /** `views` page views of each version on /unlimited, the canary's each with `errors` errors. */
    async function visits(canary: string, views: number, errors: number) {
      const events = Array.from({ length: views }, () => [
        { type: 'view' as const, ...where('1.0.0-stable') },
        { type: 'view' as const, ...where(canary) },
        ...Array.from({ length: errors }, () => ({ type: 'error' as const, ...where(canary) })),
      ]).flat();
      for (let start = 0; start < events.length; start += 50) t.app.browserReports.add({ shell: '1.0.0', events: events.slice(start, start + 50) });
      await t.app.browserReports.flush();
    }

    it('waits for enough page views, rolls a canary that throws back at once, with its figures in the history', async () => {
      startMenusCanary('1.1.0-throws');
      await visits('1.1.0-throws', 3, 1);
      expect(await judgeCanaries(t.app)).toEqual([expect.objectContaining({ decision: 'wait', reason: '3 of the 5 page views needed before judging' })]);
      expect(registryNow().canary?.lastCheck).toMatchObject({ verdict: '3 of the 5 page views needed before judging' });
      await visits('1.1.0-throws', 3, 1);
      const [decision] = await judgeCanaries(t.app);
      expect(decision).toMatchObject({ decision: 'rollback', reason: 'errors per page view 100.0% against 0.0% for the live version, over 6 page views' });
      const entry = registryNow();
      expect(entry.canary).toBeUndefined();
      expect(entry.current).toBe('1.0.0-stable');
      expect(entry.history?.at(-1)).toMatchObject({
        action: 'canary-rollback',
        version: '1.1.0-throws',
        by: 'judge',
        figures: { canary: expect.objectContaining({ page_views: 6, errors: 6 }), stable: expect.objectContaining({ page_views: 6, errors: 0 }) },
      });
    });

    it('promotes a canary that held for the whole soak time, and not before', async () => {
      startMenusCanary('1.2.0-good');
      await visits('1.2.0-good', 6, 0);
      expect((await judgeCanaries(t.app))[0]).toMatchObject({ decision: 'wait', reason: expect.stringContaining('s of the soak time left') });
      const [decision] = await judgeCanaries(t.app, new Date(Date.now() + 600_000));
      expect(decision).toMatchObject({ decision: 'promote' });
      expect(registryNow()).toMatchObject({ current: '1.2.0-good' });
      expect(registryNow().history?.at(-1)).toMatchObject({ action: 'promote', by: 'judge' });
    });

    it('lets an admin promote or roll back the canary the screen showed, audited; others are refused', async () => {
      startMenusCanary('1.3.0-manual');
      const act = (action: string, version: string, auth = admin.auth) =>
        t.app.inject({ method: 'POST', url: `/api/staff/releases/mfe_menus/canary/${action}`, headers: auth, payload: { version } });
      expect((await act('promote', '1.3.0-manual', staff.auth)).statusCode).toBe(403);
      const stale = await act('promote', '1.2.9-other');
      expect(stale.statusCode).toBe(409);
      expect(stale.json().message).toBe("mfe_menus's canary is 1.3.0-manual now, no longer 1.2.9-other.");
      expect((await act('sideways', '1.3.0-manual')).statusCode).toBe(400);
      const overview = (await t.app.inject({ method: 'GET', url: '/api/staff/releases', headers: admin.auth })).json().data;
      expect(overview.parts.find((part: { part: string }) => part.part === 'mfe_menus').canary).toMatchObject({ version: '1.3.0-manual', percent: 50 });

      const rolledBack = await act('rollback', '1.3.0-manual');
      expect(rolledBack.statusCode).toBe(200);
      expect(rolledBack.json().message).toBe('mfe_menus 1.3.0-manual is rolled back: every visitor gets the live version.');
      expect(registryNow()).toMatchObject({ current: '1.0.0-stable' });
      expect(registryNow().history?.at(-1)).toMatchObject({ action: 'canary-rollback', by: admin.email });
      expect((await act('rollback', '1.3.0-manual')).json().message).toBe('mfe_menus has no canary running.');

      const audit = (await t.app.inject({ method: 'GET', url: '/api/staff/audit-log?resource=release', headers: admin.auth })).json().data;
      expect(JSON.stringify(audit)).toContain('mfe_menus 1.3.0-manual');
    });
  });
});
