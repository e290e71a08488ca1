import type { FastifyInstance } from 'fastify';
import { reportCountSeries, sumReportCounts, sumVitalBuckets, type VersionCounts } from '../../repositories/browser-reports-repository';
import { createBrowserReportCollector, p75, VITALS, type BrowserReportCollector } from './browser-reports';
import { readLiveReleases } from './live-releases';

declare module 'fastify' {
  interface FastifyInstance {
    /** Browser reports of this replica, added up until its next flush. */
    browserReports: BrowserReportCollector;
  }
}

/** One collector per replica, flushed as the API stops. */
export function registerBrowserReports(app: FastifyInstance): void {
  const collector = createBrowserReportCollector(app.db, { flushEveryMs: app.config.browserReportsFlushMs, log: app.apiLog });
  app.decorate('browserReports', collector);
  app.addHook('onClose', () => collector.close());
}

export interface VersionHealth extends VersionCounts {
  /** Errors per page view. */
  error_rate: number | null;
  /** Failed remote loads per load tried. */
  failed_load_rate: number | null;
  lcp_p75_ms: number | null;
  inp_p75_ms: number | null;
  cls_p75: number | null;
  ttfb_p75_ms: number | null;
}

const ratio = (part: number, whole: number) => (whole > 0 ? Math.round((part / whole) * 10_000) / 10_000 : null);

/** Health of every part and version seen from `since` (until `until`; or of one part): counts, rates and p75 web vitals. */
export async function versionHealth(app: Pick<FastifyInstance, 'db'>, since: Date, part?: string, until?: Date): Promise<VersionHealth[]> {
  const [counts, buckets] = await Promise.all([sumReportCounts(app.db, since, part, until), sumVitalBuckets(app.db, since, part, until)]);
  const vitalsOf = (row: { part: string; version: string }, metric: string) =>
    p75(
      buckets.filter((bucket) => bucket.part === row.part && bucket.version === row.version && bucket.metric === metric),
      metric,
    );
  const keys = new Map<string, VersionCounts>(counts.map((row) => [`${row.part}|${row.version}`, row]));
  // A version that only sent vitals so far still shows.
  for (const bucket of buckets) {
    const key = `${bucket.part}|${bucket.version}`;
    if (!keys.has(key)) keys.set(key, { part: bucket.part, version: bucket.version, page_views: 0, loads_ok: 0, failed_loads: 0, errors: 0 });
  }
  return [...keys.values()].map((row) => {
    const [lcp, inp, cls, ttfb] = VITALS.map((metric) => vitalsOf(row, metric));
    return {
      ...row,
      error_rate: ratio(row.errors, row.page_views),
      failed_load_rate: ratio(row.failed_loads, row.loads_ok + row.failed_loads),
      lcp_p75_ms: lcp,
      inp_p75_ms: inp,
      cls_p75: cls,
      ttfb_p75_ms: ttfb,
    };
  });
}

/** What the Releases screen shows: each version's health over the last `hours`, and the counts in steps for the charts. */
export async function releaseHealthReport(app: Pick<FastifyInstance, 'db'>, hours: number, now = new Date()) {
  const since = new Date(now.getTime() - hours * 3_600_000);
  // About 24 points per chart, in whole minutes.
  const stepMinutes = Math.max(1, Math.round((hours * 60) / 24));
  const [versions, series] = await Promise.all([versionHealth(app, since), reportCountSeries(app.db, since, stepMinutes)]);
  return { since: since.toISOString(), step_minutes: stepMinutes, versions, series };
}

/**
 * The Releases screen: each part's live version, when it went live and the commit
 * it was built from, its health since then, and the health of the version before
 * it over the time that one was live. `registry` false: the API cannot read the
 * release registry (RELEASES_DIR), so no part is listed.
 */
export async function releasesOverview(app: Pick<FastifyInstance, 'db' | 'config'>, now = new Date()) {
  const live = await readLiveReleases(app.config.releasesDir);
  if (!live) return { registry: false, parts: [] };
  const retentionStart = new Date(now.getTime() - app.config.browserReportsRetentionDays * 86_400_000);
  // Reports are counted by the minute: a version's window starts at the minute it went live.
  const minuteOf = (at: string) => new Date(Math.floor(new Date(at).getTime() / 60_000) * 60_000);
  const parts = await Promise.all(
    live.map(async (release) => {
      const since = release.since ? minuteOf(release.since) : retentionStart;
      const [current, previous] = await Promise.all([
        versionHealth(app, since, release.part).then((rows) => rows.find((row) => row.version === release.version) ?? null),
        release.previous
          ? versionHealth(app, minuteOf(release.previous.since), release.part, since).then((rows) => rows.find((row) => row.version === release.previous?.version) ?? null)
          : null,
      ]);
      return { ...release, health: current, previous_health: previous };
    }),
  );
  return { registry: true, parts };
}
