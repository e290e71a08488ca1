/** Ports of the site under test: apart from `npm start`'s, so both can run at once. */
const base = Number(process.env.E2E_PORT_BASE) || 3100;

export const testPorts = {
  shell: base,
  api: base + 1000,
  remotes: { mfe_menus: base + 1, mfe_reviews: base + 2, mfe_refill: base + 3, mfe_reservation: base + 4, mfe_staff: base + 5 },
  /** Free ports for tests that move a remote or add one. */
  spare: [base + 20, base + 21, base + 22],
};

export const host = '127.0.0.1';

/**
 * A deployment started by someone else (tooling/deploy-test, following
 * docs/deploy.md): the tests start no server and use these addresses instead.
 */
export const externalSite = process.env.E2E_SITE_ORIGIN
  ? { siteOrigin: process.env.E2E_SITE_ORIGIN.replace(/\/+$/, ''), apiOrigin: (process.env.E2E_API_ORIGIN || process.env.E2E_SITE_ORIGIN).replace(/\/+$/, '') }
  : null;

export const apiOrigin = externalSite?.apiOrigin ?? `http://${host}:${testPorts.api}`;
export const shellOrigin = externalSite?.siteOrigin ?? `http://${host}:${testPorts.shell}`;
