import type { ReleasesOverview, VersionHealth } from '@samgyup/shared/releases';
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

/** Reports are counted by the minute: a version's window starts at the minute it went live. */
export const minuteOf = (at: string) => new Date(Math.floor(new Date(at).getTime() / 60_000) * 60_000);

const ratio = (part: number, whole: number) => (whole > 0 ? Math.round((part / whole) * 10_000) / 10_000 : null);

/** Health of every part and version seen from `since` (until `until`; or of one part): counts, rates and p75 web vitals. */
export async function versionHealth(app: Pick<FastifyInstance, 'db'>, since: Date, part?: string, until?: Date): Promise<VersionHealth[]> {
  const [counts, buckets] = await Promise.all([sumReportCounts(app.db, since, part, until), sumVitalBuckets(app.db, since, part, until)]);
  const bucketsOf = (row: { part: string; version: string }, metric: string) =>
    buckets.filter((bucket) => bucket.part === row.part && bucket.version === row.version && bucket.metric === metric);
  const samplesOf = (row: { part: string; version: string }, metric: string) => bucketsOf(row, metric).reduce((sum, bucket) => sum + bucket.count, 0);
  const keys = new Map<string, VersionCounts>(counts.map((row) => [`${row.part}|${row.version}`, row]));
  // A version that only sent vitals so far still shows.
  for (const bucket of buckets) {
    const key = `${bucket.part}|${bucket.version}`;
    if (!keys.has(key)) keys.set(key, { part: bucket.part, version: bucket.version, page_views: 0, loads_ok: 0, failed_loads: 0, errors: 0 });
  }
  return [...keys.values()].map((row) => {
    const [lcp, inp, cls, ttfb] = VITALS.map((metric) => p75(bucketsOf(row, metric), metric));
    return {
      ...row,
      error_rate: ratio(row.errors, row.page_views),
      failed_load_rate: ratio(row.failed_loads, row.loads_ok + row.failed_loads),
      lcp_p75_ms: lcp,
      inp_p75_ms: inp,
      cls_p75: cls,
      ttfb_p75_ms: ttfb,
      lcp_samples: samplesOf(row, 'LCP'),
      inp_samples: samplesOf(row, 'INP'),
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

/** Hours of each part's charts on the Releases screen, in steps of STEP_MINUTES. */
const CHART_HOURS = 6;
const CHART_STEP_MINUTES = 15;

/**
 * The Releases screen: each part's live version, when it went live and the commit
 * it was built from, its health since then (since its canary started, when it has
 * one, beside the canary's over the same time), the health of the version before
 * it over the time that one was live, its latest decisions, and its versions'
 * counts over the last hours for the charts. `registry` false: the API cannot read
 * the release registry (RELEASES_DIR), so no part is listed.
 */
export async function releasesOverview(app: Pick<FastifyInstance, 'db' | 'config'>, now = new Date()): Promise<ReleasesOverview> {
  const live = await readLiveReleases(app.config.releasesDir);
  const chart = { hours: CHART_HOURS, step_minutes: CHART_STEP_MINUTES };
  if (!live) return { registry: false, ...chart, parts: [] };
  const retentionStart = new Date(now.getTime() - app.config.browserReportsRetentionDays * 86_400_000);
  const series = await reportCountSeries(app.db, new Date(now.getTime() - CHART_HOURS * 3_600_000), CHART_STEP_MINUTES);
  const parts = await Promise.all(
    live.map(async (release) => {
      const canary = release.canary;
      const since = canary ? minuteOf(canary.since) : release.since ? minuteOf(release.since) : retentionStart;
      const wentLive = release.since ? minuteOf(release.since) : retentionStart;
      const [rows, previous] = await Promise.all([
        versionHealth(app, since, release.part),
        release.previous
          ? versionHealth(app, minuteOf(release.previous.since), release.part, wentLive).then((found) => found.find((row) => row.version === release.previous?.version) ?? null)
          : null,
      ]);
      const healthOf = (version: string) => rows.find((row) => row.version === version) ?? null;
      const shown = new Set([release.version, ...(canary ? [canary.version] : []), ...(release.previous ? [release.previous.version] : [])]);
      return {
        ...release,
        health: healthOf(release.version),
        previous_health: previous,
        canary: canary ? { ...canary, health: healthOf(canary.version) } : null,
        series: series
          .filter((point) => point.part === release.part && shown.has(point.version))
          .map((point) => ({ at: new Date(point.at).toISOString(), version: point.version, page_views: point.page_views, failed_loads: point.failed_loads, errors: point.errors })),
      };
    }),
  );
  return { registry: true, ...chart, parts };
}
