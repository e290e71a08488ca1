import type { VersionHealth } from '@samgyup/shared/releases';
import type { Queryable } from '../db/database';

export interface ReportCountRow {
  minute: Date;
  part: string;
  version: string;
  route: string;
  shell_version: string;
  page_views: number;
  loads_ok: number;
  failed_manifest: number;
  failed_entry: number;
  failed_chunk: number;
  failed_timeout: number;
  errors: number;
}

export interface VitalBucketRow {
  minute: Date;
  part: string;
  version: string;
  route: string;
  metric: 'LCP' | 'INP' | 'CLS' | 'TTFB';
  bucket: number;
  count: number;
}

const COUNTS = ['page_views', 'loads_ok', 'failed_manifest', 'failed_entry', 'failed_chunk', 'failed_timeout', 'errors'] as const;

/** Adds the counts of one flush: one statement, whatever the number of rows (each key once per flush). */
export async function addReportCounts(db: Queryable, rows: ReportCountRow[]): Promise<void> {
  if (rows.length === 0) return;
  await db.query(
    `INSERT INTO browser_report_minutes AS m (minute, part, version, route, shell_version, ${COUNTS.join(', ')})
     SELECT * FROM unnest($1::timestamptz[], $2::text[], $3::text[], $4::text[], $5::text[], $6::int[], $7::int[], $8::int[], $9::int[], $10::int[], $11::int[], $12::int[])
     ON CONFLICT (minute, part, version, route, shell_version) DO UPDATE SET
       ${COUNTS.map((column) => `${column} = m.${column} + excluded.${column}`).join(', ')}`,
    [
      rows.map((row) => row.minute.toISOString()),
      rows.map((row) => row.part),
      rows.map((row) => row.version),
      rows.map((row) => row.route),
      rows.map((row) => row.shell_version),
      ...COUNTS.map((column) => rows.map((row) => row[column])),
    ],
  );
}

/** Adds the web-vital bucket counts of one flush, in one statement. */
export async function addVitalBuckets(db: Queryable, rows: VitalBucketRow[]): Promise<void> {
  if (rows.length === 0) return;
  await db.query(
    `INSERT INTO browser_vital_buckets AS b (minute, part, version, route, metric, bucket, count)
     SELECT * FROM unnest($1::timestamptz[], $2::text[], $3::text[], $4::text[], $5::text[], $6::int[], $7::int[])
     ON CONFLICT (minute, part, version, route, metric, bucket) DO UPDATE SET count = b.count + excluded.count`,
    [
      rows.map((row) => row.minute.toISOString()),
      rows.map((row) => row.part),
      rows.map((row) => row.version),
      rows.map((row) => row.route),
      rows.map((row) => row.metric),
      rows.map((row) => row.bucket),
      rows.map((row) => row.count),
    ],
  );
}

/** The counts of a version's health (@samgyup/shared/releases), before rates and vitals are worked out. */
export type VersionCounts = Pick<VersionHealth, 'part' | 'version' | 'page_views' | 'loads_ok' | 'failed_loads' | 'errors'>;

/** Per part and version from `since` (until `until`): page views, loads, failed loads (every phase) and errors. */
export async function sumReportCounts(db: Queryable, since: Date, part?: string, until?: Date): Promise<VersionCounts[]> {
  return db.query<VersionCounts>(
    `SELECT part, version, sum(page_views)::int AS page_views, sum(loads_ok)::int AS loads_ok,
            sum(failed_manifest + failed_entry + failed_chunk + failed_timeout)::int AS failed_loads, sum(errors)::int AS errors
       FROM browser_report_minutes
      WHERE minute >= $1 AND ($2::text IS NULL OR part = $2) AND ($3::timestamptz IS NULL OR minute < $3)
      GROUP BY part, version
      ORDER BY part, version`,
    [since.toISOString(), part ?? null, until?.toISOString() ?? null],
  );
}

export interface SeriesPoint extends VersionCounts {
  at: Date;
}

/** The same counts in steps of `stepMinutes`, for the charts. */
export async function reportCountSeries(db: Queryable, since: Date, stepMinutes: number): Promise<SeriesPoint[]> {
  return db.query<SeriesPoint>(
    `SELECT to_timestamp(floor(extract(epoch FROM minute) / ($2 * 60)) * ($2 * 60)) AS at, part, version,
            sum(page_views)::int AS page_views, sum(loads_ok)::int AS loads_ok,
            sum(failed_manifest + failed_entry + failed_chunk + failed_timeout)::int AS failed_loads, sum(errors)::int AS errors
       FROM browser_report_minutes
      WHERE minute >= $1
      GROUP BY 1, part, version
      ORDER BY 1, part, version`,
    [since.toISOString(), stepMinutes],
  );
}

/** Bucket counts per part, version and metric from `since` (until `until`). */
export async function sumVitalBuckets(
  db: Queryable,
  since: Date,
  part?: string,
  until?: Date,
): Promise<Array<{ part: string; version: string; metric: string; bucket: number; count: number }>> {
  return db.query(
    `SELECT part, version, metric, bucket, sum(count)::int AS count
       FROM browser_vital_buckets
      WHERE minute >= $1 AND ($2::text IS NULL OR part = $2) AND ($3::timestamptz IS NULL OR minute < $3)
      GROUP BY part, version, metric, bucket
      ORDER BY part, version, metric, bucket`,
    [since.toISOString(), part ?? null, until?.toISOString() ?? null],
  );
}

/** Reports older than the retention period (housekeeping). */
export async function forgetOldBrowserReports(db: Queryable, retentionDays: number): Promise<void> {
  await db.query(`DELETE FROM browser_report_minutes WHERE minute < now() - make_interval(days => $1)`, [retentionDays]);
  await db.query(`DELETE FROM browser_vital_buckets WHERE minute < now() - make_interval(days => $1)`, [retentionDays]);
}
