import type { VersionHealth } from '@samgyup/shared/releases';

/**
 * When a canary is clearly worse than the live version it runs beside: a figure
 * past both an absolute and a relative margin, so noise on a few page views or a
 * tiny slowdown does not roll a good release back. Rates are per page view (errors)
 * or per load tried (failed loads); vitals are p75s in milliseconds, kept in buckets a
 * quarter apart (browser-reports.ts), so 1.5 times is at least two buckets.
 */
export const CLEARLY_WORSE = {
  errorRate: { more: 0.05, times: 2 },
  failedLoadRate: { more: 0.05, times: 2 },
  lcpP75Ms: { more: 1000, times: 1.5 },
  inpP75Ms: { more: 200, times: 1.5 },
} as const;

/**
 * Web vitals are compared only once each version has this many values of the metric (and at least the page
 * views judging needs): a p75 of a few values moves by buckets with one slow phone or one busy moment, and
 * the canary's files are new to every browser while the live version's are often cached, so its first few
 * values run slow for that reason alone. Error and load rates are judged from the minimum page views.
 */
export const MIN_VITAL_SAMPLES = 50;

export interface CanaryVerdict {
  decision: 'rollback' | 'promote' | 'wait';
  /** In words, with the figures that decided. */
  reason: string;
}

const percent = (rate: number) => `${(rate * 100).toFixed(1)}%`;

const milliseconds = (ms: number) => `${ms} ms`;
type Limit = { more: number; times: number };
type Read = (health: VersionHealth) => number | null;

/** A fault rate, judged from the page views judging needs; a live version with too few of its own counts as faultless (0). */
const rate = (name: string, value: Read, limit: Limit) => ({ name, value, limit, show: percent, enough: () => true, otherwise: 0 });
/** A web vital's p75, compared only when both versions have MIN_VITAL_SAMPLES values of it. */
const vital = (name: string, value: Read, samples: (health: VersionHealth) => number, limit: Limit) => ({
  name,
  value,
  limit,
  show: milliseconds,
  enough: (health: VersionHealth) => samples(health) >= MIN_VITAL_SAMPLES,
  otherwise: null,
});

const FIGURES = [
  rate('errors per page view', (health) => health.error_rate, CLEARLY_WORSE.errorRate),
  rate('failed loads', (health) => health.failed_load_rate, CLEARLY_WORSE.failedLoadRate),
  vital(
    'p75 LCP',
    (health) => health.lcp_p75_ms,
    (health) => health.lcp_samples,
    CLEARLY_WORSE.lcpP75Ms,
  ),
  vital(
    'p75 INP',
    (health) => health.inp_p75_ms,
    (health) => health.inp_samples,
    CLEARLY_WORSE.inpP75Ms,
  ),
];

/**
 * The judge's rule for one canary, from both versions' health since it started: clearly worse on any
 * figure rolls it back at once; held for the whole soak time promotes it; too few page views to say, or
 * not held long enough yet, waits. A live version with too few page views of its own to compare with is
 * taken as faultless (rates of 0) and its vitals are not compared; nor are vitals of fewer than MIN_VITAL_SAMPLES values.
 */
export function canaryVerdict(
  canary: VersionHealth | null,
  stable: VersionHealth | null,
  { elapsedSeconds, soakSeconds, minPageViews }: { elapsedSeconds: number; soakSeconds: number; minPageViews: number },
): CanaryVerdict {
  const views = canary?.page_views ?? 0;
  if (!canary || views < minPageViews) return { decision: 'wait', reason: `${views} of the ${minPageViews} page views needed before judging` };
  const baseline = stable && stable.page_views >= minPageViews ? stable : null;
  for (const figure of FIGURES) {
    const value = figure.value(canary);
    if (value === null || !figure.enough(canary)) continue;
    const before = baseline && figure.enough(baseline) ? figure.value(baseline) : figure.otherwise;
    if (before === null) continue;
    if (value > before + figure.limit.more && value > before * figure.limit.times)
      return { decision: 'rollback', reason: `${figure.name} ${figure.show(value)} against ${figure.show(before)} for the live version, over ${views} page views` };
  }
  if (elapsedSeconds < soakSeconds)
    return { decision: 'wait', reason: `no worse so far over ${views} page views; ${Math.ceil(soakSeconds - elapsedSeconds)} s of the soak time left` };
  return { decision: 'promote', reason: `held for the whole soak time (${soakSeconds} s) over ${views} page views, no figure clearly worse` };
}
