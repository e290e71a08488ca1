// A visitor's cohort decides which canaries they get (site-server/src/visitor-cohort.cjs,
// same cookie and range). The shell's server draws it on the first page; a page that
// came from elsewhere (a static host or a CDN in front of /remotes.json) draws it
// here, before the remotes file is read, so every server that answers it agrees.
const COHORT_COOKIE = 'samgyup_cohort';
const COHORTS = 10_000;
const KEEP_SECONDS = 30 * 24 * 3600;

export function ensureVisitorCohort(): void {
  if (new RegExp(`(?:^|;\\s*)${COHORT_COOKIE}=\\d`).test(document.cookie)) return;
  const cohort = crypto.getRandomValues(new Uint32Array(1))[0] % COHORTS;
  document.cookie = `${COHORT_COOKIE}=${cohort}; Path=/; Max-Age=${KEEP_SECONDS}; SameSite=Lax${location.protocol === 'https:' ? '; Secure' : ''}`;
}
