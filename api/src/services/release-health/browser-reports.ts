import { z } from 'zod';
import type { Database } from '../../db/database';
import { addReportCounts, addVitalBuckets, type ReportCountRow, type VitalBucketRow } from '../../repositories/browser-reports-repository';

export const browserReportMessages = {
  invalid: 'A browser report must be {"shell": version, "events": [1 to 50 events]}; each event names its type, part, version and route (a path without a query).',
  tooMany: 'Too many reports from this address. Reports are sampled; try again in a minute.',
} as const;

const part = z.string().regex(/^[a-z][a-z0-9_]{0,39}$/);
const version = z.string().regex(/^[0-9A-Za-z][0-9A-Za-z.+-]{0,59}$/);
// A path as the site's routes are written; no query string, no fragment, nothing that could carry a visitor's data.
const route = z.string().regex(/^\/[A-Za-z0-9._~/:-]{0,99}$/);
const where = { part, version, route };

export const LOAD_OUTCOMES = ['ok', 'manifest', 'entry', 'chunk', 'timeout'] as const;
export const VITALS = ['LCP', 'INP', 'CLS', 'TTFB'] as const;

const reportEvent = z.discriminatedUnion('type', [
  z.object({ type: z.literal('view'), ...where }).strict(),
  z.object({ type: z.literal('load'), ...where, outcome: z.enum(LOAD_OUTCOMES) }).strict(),
  z.object({ type: z.literal('error'), ...where }).strict(),
  // LCP, INP and TTFB in milliseconds, CLS as the score (0.1 is "good").
  z.object({ type: z.literal('vital'), ...where, metric: z.enum(VITALS), value: z.number().finite().min(0).max(600_000) }).strict(),
]);

export const browserReportBatch = z.object({ shell: version, events: z.array(reportEvent).min(1).max(50) }).strict();
export type BrowserReportBatch = z.infer<typeof browserReportBatch>;

/** Bucket upper bounds grow by a quarter: bucket b holds values up to 1.25^b (CLS counted in thousandths). */
const BUCKET_GROWTH = 1.25;
const MAX_BUCKET = 100;

export function vitalBucket(metric: (typeof VITALS)[number], value: number): number {
  const scaled = metric === 'CLS' ? value * 1000 : value;
  return scaled <= 1 ? 0 : Math.min(MAX_BUCKET, Math.ceil(Math.log(scaled) / Math.log(BUCKET_GROWTH)));
}

/** The value a bucket stands for (its upper bound), in the metric's own unit. */
export function bucketValue(metric: string, bucket: number): number {
  const scaled = BUCKET_GROWTH ** bucket;
  return metric === 'CLS' ? Math.round(scaled) / 1000 : Math.round(scaled);
}

/** The 75th percentile of bucket counts (the value 75% of views stay at or under), or null with no values. */
export function p75(buckets: Array<{ bucket: number; count: number }>, metric: string): number | null {
  const total = buckets.reduce((sum, row) => sum + row.count, 0);
  if (total === 0) return null;
  let seen = 0;
  for (const row of [...buckets].sort((a, b) => a.bucket - b.bucket)) {
    seen += row.count;
    if (seen >= total * 0.75) return bucketValue(metric, row.bucket);
  }
  return null;
}

/** At most this many keys wait for a flush: a flood of distinct routes costs memory up to here, then is dropped. */
const MAX_PENDING_KEYS = 5000;

/**
 * Reports are added up in memory and written every `flushEveryMs` in two
 * statements, whatever their number: a flood of reports costs the database a
 * few rows a minute, never a write per report, so bookings do not wait on it.
 * A replica that stops loses at most the last interval's counts.
 */
export function createBrowserReportCollector(db: Database, { flushEveryMs = 10_000, log }: { flushEveryMs?: number; log: { warn: (message: string) => void } }) {
  let counts = new Map<string, ReportCountRow>();
  let vitals = new Map<string, VitalBucketRow>();
  let dropped = 0;

  function countRow(minute: Date, shell: string, event: { part: string; version: string; route: string }): ReportCountRow | null {
    const key = `${minute.getTime()}|${event.part}|${event.version}|${event.route}|${shell}`;
    let row = counts.get(key);
    if (!row) {
      if (counts.size >= MAX_PENDING_KEYS) return null;
      row = {
        minute,
        part: event.part,
        version: event.version,
        route: event.route,
        shell_version: shell,
        page_views: 0,
        loads_ok: 0,
        failed_manifest: 0,
        failed_entry: 0,
        failed_chunk: 0,
        failed_timeout: 0,
        errors: 0,
      };
      counts.set(key, row);
    }
    return row;
  }

  function add(batch: BrowserReportBatch, now = new Date()): void {
    const minute = new Date(Math.floor(now.getTime() / 60_000) * 60_000);
    for (const event of batch.events) {
      if (event.type === 'vital') {
        const bucket = vitalBucket(event.metric, event.value);
        const key = `${minute.getTime()}|${event.part}|${event.version}|${event.route}|${event.metric}|${bucket}`;
        const row = vitals.get(key);
        if (row) row.count += 1;
        else if (vitals.size < MAX_PENDING_KEYS) vitals.set(key, { minute, part: event.part, version: event.version, route: event.route, metric: event.metric, bucket, count: 1 });
        else dropped += 1;
        continue;
      }
      const row = countRow(minute, batch.shell, event);
      if (!row) {
        dropped += 1;
        continue;
      }
      if (event.type === 'view') row.page_views += 1;
      else if (event.type === 'error') row.errors += 1;
      else if (event.outcome === 'ok') row.loads_ok += 1;
      else row[`failed_${event.outcome}`] += 1;
    }
  }

  async function flush(): Promise<void> {
    const [countRows, vitalRows] = [[...counts.values()], [...vitals.values()]];
    counts = new Map();
    vitals = new Map();
    if (dropped > 0) log.warn(`${dropped} browser report events dropped: more distinct pages and versions than a flush keeps (${MAX_PENDING_KEYS})`);
    dropped = 0;
    try {
      await addReportCounts(db, countRows);
      await addVitalBuckets(db, vitalRows);
    } catch (error) {
      // Reports are best effort: while the database is away they are not worth a retry queue.
      log.warn(`Browser reports of the last ${flushEveryMs / 1000} s were not saved: ${(error as Error).message}`);
    }
  }

  let flushing: Promise<void> = Promise.resolve();
  const timer = setInterval(() => {
    flushing = flushing.then(flush);
  }, flushEveryMs);
  timer.unref();

  return {
    add,
    /** Writes what is pending now (tests, and the API as it stops). */
    flush: () => (flushing = flushing.then(flush)),
    async close() {
      clearInterval(timer);
      await (flushing = flushing.then(flush));
    },
  };
}

export type BrowserReportCollector = ReturnType<typeof createBrowserReportCollector>;

/**
 * Reports one address may send a replica in a minute, counted in memory: the
 * restaurant's Wi-Fi puts every diner behind one address, so the limit is wide,
 * and no report costs a database write to be counted.
 */
export function createAddressLimiter(perMinute: number) {
  let windowStart = Date.now();
  let hits = new Map<string, number>();
  return (address: string, now = Date.now()): boolean => {
    if (now - windowStart >= 60_000) {
      windowStart = now;
      hits = new Map();
    }
    const count = (hits.get(address) ?? 0) + 1;
    // Past 10,000 addresses in one minute the map starts over rather than grow.
    if (hits.size >= 10_000 && !hits.has(address)) hits = new Map();
    hits.set(address, count);
    return count <= perMinute;
  };
}
