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
});
