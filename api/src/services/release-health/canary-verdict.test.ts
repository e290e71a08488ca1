import type { VersionHealth } from '@samgyup/shared/releases';
import { canaryVerdict } from './canary-verdict';

const health = (figures: Partial<VersionHealth>): VersionHealth => ({
  part: 'mfe_menus',
  version: '1.0.0',
  page_views: 200,
  loads_ok: 200,
  failed_loads: 0,
  errors: 0,
  error_rate: 0,
  failed_load_rate: 0,
  lcp_p75_ms: 1200,
  inp_p75_ms: 80,
  cls_p75: 0,
  ttfb_p75_ms: 100,
  lcp_samples: 200,
  inp_samples: 150,
  ...figures,
});
const held = { elapsedSeconds: 1800, soakSeconds: 1800, minPageViews: 100 };

describe('the canary judge', () => {
  it('rolls back on a figure clearly worse by both margins, and not on noise', () => {
    expect(canaryVerdict(health({ error_rate: 0.02 }), health({ error_rate: 0.01 }), held).decision).toBe('promote');
    expect(canaryVerdict(health({ error_rate: 0.12 }), health({ error_rate: 0.05 }), held)).toEqual({
      decision: 'rollback',
      reason: 'errors per page view 12.0% against 5.0% for the live version, over 200 page views',
    });
    expect(canaryVerdict(health({ failed_load_rate: 0.3 }), health({}), held).reason).toContain('failed loads 30.0% against 0.0%');
    expect(canaryVerdict(health({ lcp_p75_ms: 2100 }), health({}), held).decision).toBe('promote');
    expect(canaryVerdict(health({ lcp_p75_ms: 2400 }), health({}), held).reason).toBe('p75 LCP 2400 ms against 1200 ms for the live version, over 200 page views');
    expect(canaryVerdict(health({ inp_p75_ms: 250 }), health({}), held).decision).toBe('promote');
    expect(canaryVerdict(health({ inp_p75_ms: 400 }), health({}), held).decision).toBe('rollback');
  });

  it('waits for enough page views and the whole soak time; a live version with too few views counts as faultless', () => {
    expect(canaryVerdict(health({ page_views: 99, error_rate: 1 }), health({}), held)).toEqual({ decision: 'wait', reason: '99 of the 100 page views needed before judging' });
    expect(canaryVerdict(null, health({}), held).decision).toBe('wait');
    expect(canaryVerdict(health({}), health({}), { ...held, elapsedSeconds: 600 }).reason).toBe('no worse so far over 200 page views; 1200 s of the soak time left');
    expect(canaryVerdict(health({ error_rate: 0.2 }), health({ page_views: 3, error_rate: 0.5 }), held).decision).toBe('rollback');
    expect(canaryVerdict(health({ lcp_p75_ms: 9000 }), null, held).decision).toBe('promote');
  });

  it('compares web vitals only over enough values on both sides: a slow first handful of a new build is not a verdict', () => {
    // The failure it prevents: a healthy canary rolled back on p75 LCP 6019 against 1972 ms over 6 page views, at load 25.
    const few = { elapsedSeconds: 1800, soakSeconds: 1800, minPageViews: 4 };
    expect(canaryVerdict(health({ page_views: 6, lcp_p75_ms: 6019, lcp_samples: 6 }), health({ page_views: 10, lcp_p75_ms: 1972, lcp_samples: 10 }), few).decision).toBe('promote');
    expect(canaryVerdict(health({ lcp_p75_ms: 6019, lcp_samples: 49 }), health({ lcp_p75_ms: 1972 }), held).decision).toBe('promote');
    expect(canaryVerdict(health({ lcp_p75_ms: 6019 }), health({ lcp_p75_ms: 1972, lcp_samples: 49 }), held).decision).toBe('promote');
    expect(canaryVerdict(health({ lcp_p75_ms: 6019, lcp_samples: 50 }), health({ lcp_p75_ms: 1972, lcp_samples: 50 }), held).reason).toBe(
      'p75 LCP 6019 ms against 1972 ms for the live version, over 200 page views',
    );
    expect(canaryVerdict(health({ inp_p75_ms: 900, inp_samples: 20 }), health({}), held).decision).toBe('promote');
    // Errors need no more than the page views judging needs.
    expect(canaryVerdict(health({ page_views: 6, error_rate: 1, lcp_samples: 0 }), health({ page_views: 10 }), few).decision).toBe('rollback');
  });
});
