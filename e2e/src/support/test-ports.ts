import { remoteDescriptors, testPortBase } from '@samgyup/dev-site';

/** Ports of the site under test: apart from `npm start`'s, so both can run at once. */
const base = testPortBase();

export const testPorts = {
  shell: base,
  api: base + 1000,
  /** Every remote the workspaces declare, in their order, on the ports after the shell's. */
  remotes: Object.fromEntries(remoteDescriptors().map((remote: { name: string }, index: number) => [remote.name, base + 1 + index])) as Record<string, number>,
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
