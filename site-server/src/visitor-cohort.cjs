// Which visitors get a canary (docs/releases.md, "Canary releases"): each visitor
// draws a cohort once, a whole number from 0 to 9999 kept in a first-party cookie,
// and is in a canary of p percent when the cohort is below p × 100. The same cohort
// decides every part, so a visitor keeps one version of each part for the whole
// visit, and a canary's share of visitors is its share of cohorts. The cookie holds
// nothing about the visitor; the shell sets it itself when no server drew the page
// (shell/src/remotes/visitor-cohort.ts, same name and range).
const { randomInt } = require('node:crypto');

const COHORT_COOKIE = 'samgyup_cohort';
const COHORTS = 10_000;
/** A cohort in every canary, whatever its share: what the servers read ahead with. */
const IN_EVERY_CANARY = 0;
const KEEP_SECONDS = 30 * 24 * 3600;

/** @param {number} cohort @param {number} percent */
const inCanary = (cohort, percent) => cohort < percent * (COHORTS / 100);

/**
 * The cohort a request's cookies carry, or null when they carry none (or a broken one).
 * @param {string | undefined} cookieHeader
 */
function cohortOf(cookieHeader) {
  const match = new RegExp(`(?:^|;\\s*)${COHORT_COOKIE}=(\\d{1,4})(?:;|$)`).exec(cookieHeader ?? '');
  return match ? Number(match[1]) : null;
}

/**
 * The cohort of a request, drawn when it has none, and the Set-Cookie header that keeps a new one.
 * @param {string | undefined} cookieHeader @param {{ secure: boolean }} options
 * @returns {{ cohort: number, setCookie: string | null }}
 */
function visitorCohort(cookieHeader, { secure }) {
  const known = cohortOf(cookieHeader);
  if (known !== null) return { cohort: known, setCookie: null };
  const cohort = randomInt(COHORTS);
  return { cohort, setCookie: `${COHORT_COOKIE}=${cohort}; Path=/; Max-Age=${KEEP_SECONDS}; SameSite=Lax${secure ? '; Secure' : ''}` };
}

module.exports = { COHORT_COOKIE, COHORTS, IN_EVERY_CANARY, cohortOf, inCanary, visitorCohort };
