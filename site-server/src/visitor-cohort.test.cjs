const { COHORT_COOKIE, COHORTS, cohortOf, inCanary, visitorCohort } = require('./visitor-cohort.cjs');

/** The share of `draws` fresh visitors a canary of `percent` reaches. @param {number} percent @param {number} draws */
function canaryShare(percent, draws) {
  let reached = 0;
  const outOfRange = [];
  for (let draw = 0; draw < draws; draw += 1) {
    const { cohort } = visitorCohort(undefined, { secure: true });
    if (!Number.isInteger(cohort) || cohort < 0 || cohort >= COHORTS) outOfRange.push(cohort);
    if (inCanary(cohort, percent)) reached += 1;
  }
  expect(outOfRange).toEqual([]);
  return reached / draws;
}

describe('visitorCohort', () => {
  it('keeps the cohort a visitor already has, and draws and keeps one for a new visitor', () => {
    expect(visitorCohort(`theme=dark; ${COHORT_COOKIE}=4999`, { secure: true })).toEqual({ cohort: 4999, setCookie: null });
    const fresh = visitorCohort('theme=dark', { secure: true });
    expect(fresh.setCookie).toBe(`${COHORT_COOKIE}=${fresh.cohort}; Path=/; Max-Age=2592000; SameSite=Lax; Secure`);
    expect(cohortOf(fresh.setCookie ?? '')).toBe(fresh.cohort);
    expect(visitorCohort(undefined, { secure: false }).setCookie).not.toContain('Secure');
  });

  // A canary's share of visitors is its share of cohorts. Over 20,000 draws these bounds fail an
  // even draw less than once in 100,000 runs (4.7 standard deviations and more), and one skewed
  // by three points (a 50 % canary reaching 47 %) more than 99 times in 100.
  it('draws cohorts evenly: a canary reaches its percent of new visitors', () => {
    expect(canaryShare(50, 20_000)).toBeGreaterThan(0.48);
    expect(canaryShare(50, 20_000)).toBeLessThan(0.52);
    expect(canaryShare(10, 20_000)).toBeGreaterThan(0.09);
    expect(canaryShare(10, 20_000)).toBeLessThan(0.11);
  });

  it('puts a cohort in a canary when it is below the percent of all cohorts', () => {
    expect(inCanary(0, 1)).toBe(true);
    expect(inCanary(99, 1)).toBe(true);
    expect(inCanary(100, 1)).toBe(false);
    expect(inCanary(4999, 50)).toBe(true);
    expect(inCanary(5000, 50)).toBe(false);
    expect(inCanary(9999, 100)).toBe(true);
    expect(inCanary(0, 0)).toBe(false);
  });
});
