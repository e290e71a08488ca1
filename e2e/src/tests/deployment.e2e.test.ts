import { execFile } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { repoRoot, startApi as startBuiltApi } from '@samgyup/dev-site';
import { captcha, createCustomer, logInCustomerViaApi } from '../support/accounts';
import { buildPartVariant } from '../support/build-part-variant';
import { startTestSite, type TestSite } from '../support/test-site';
import { shellOrigin } from '../support/test-ports';

// What only a deployment made by docs/deploy.md has (run by tooling/deploy-test,
// never against the tests' own site): the proxy's TLS, redirects and cache
// headers, API replicas sharing their secrets, the backups the guide describes,
// and a team's release checked in Chromium through the proxy, then rolled back.

interface Deployment {
  httpOrigin: string;
  apiReplicas: string[];
  spareApiPorts: number[];
  databaseUrl: string;
  postgresBin: string;
  siteEnv: Record<string, string>;
}

const deployment = JSON.parse(process.env.E2E_DEPLOYMENT ?? 'null') as Deployment | null;
if (!deployment) throw new Error('E2E_DEPLOYMENT is not set: these tests run against a deployment made by tooling/deploy-test.');
const run = promisify(execFile);
const HASHED = /\.[0-9a-f]{8}\.[a-z0-9]+$/;

let site: TestSite;
const scratch: string[] = [];
beforeAll(async () => {
  site = await startTestSite();
});
afterAll(() => {
  for (const folder of scratch) rmSync(folder, { recursive: true, force: true });
});

function scratchFolder(name: string) {
  const folder = mkdtempSync(path.join(tmpdir(), `samgyup-${name}-`));
  scratch.push(folder);
  return folder;
}

/** An API process of the test's own, as the guide starts one; stopped with SIGTERM like a service manager does. */
function startApi(port: number, env: Record<string, string>) {
  return startBuiltApi({ port, stdio: ['ignore', 'ignore', 'inherit'], env: { ...process.env, LOG_LEVEL: 'warn', ...env } });
}

describe('nginx in front, with TLS', () => {
  it('serves every released remote file with the cache headers it needs, only from a release’s dist/', async () => {
    const { base, dist } = site.live('mfe_menus');
    expect(base.startsWith(`${shellOrigin}/releases/mfe_menus/`)).toBe(true);
    for (const name of ['mf-manifest.json', 'remoteEntry.js', 'first-screens.json', 'shared-contract.json']) {
      const response = await fetch(`${base}${name}`);
      await response.arrayBuffer();
      expect([name, response.status, response.headers.get('cache-control')]).toEqual([name, 200, 'no-cache']);
    }
    const hashed = readdirSync(dist).filter((name) => HASHED.test(name));
    expect(hashed.length).toBeGreaterThan(3);
    for (const name of hashed) {
      const response = await fetch(`${base}${name}`);
      await response.arrayBuffer();
      expect([name, response.status, response.headers.get('cache-control')]).toEqual([name, 200, 'public, max-age=31536000, immutable']);
    }

    const entry = await fetch(`${base}remoteEntry.js`, { headers: { 'Accept-Encoding': 'gzip' } });
    await entry.arrayBuffer();
    expect(entry.headers.get('content-encoding')).toBe('gzip');
    expect(entry.headers.get('access-control-allow-origin')).toBe('*');
    expect(entry.headers.get('strict-transport-security')).toContain('max-age=');
    // Asked again as a browser does, with the same Accept-Encoding (each encoding is a file of its own, with its own ETag).
    const again = await fetch(`${base}remoteEntry.js`, { headers: { 'Accept-Encoding': 'gzip', 'If-None-Match': entry.headers.get('etag') ?? '' } });
    expect(again.status).toBe(304);

    const version = site.live('mfe_menus').version;
    for (const hidden of ['/releases/registry.json', `/releases/mfe_menus/${version}/release.json`]) {
      expect([hidden, (await fetch(`${shellOrigin}${hidden}`)).status]).toEqual([hidden, 404]);
    }
  });

  it('sends a release’s scripts as they were compressed ahead, brotli or gzip, byte for byte', async () => {
    const { base, dist } = site.live('mfe_menus');
    const largest = readdirSync(dist)
      .filter((name) => HASHED.test(name) && name.endsWith('.js'))
      .sort((a, b) => statSync(path.join(dist, b)).size - statSync(path.join(dist, a)).size)[0];
    const raw = readFileSync(path.join(dist, largest));
    for (const [accept, encoding, file] of [
      ['gzip, deflate, br', 'br', `${largest}.br`],
      ['gzip', 'gzip', `${largest}.gz`],
    ]) {
      const response = await fetch(`${base}${largest}`, { headers: { 'Accept-Encoding': accept } });
      const body = Buffer.from(await response.arrayBuffer());
      const sent = [accept, response.headers.get('content-encoding'), Number(response.headers.get('content-length'))];
      expect(sent).toEqual([accept, encoding, statSync(path.join(dist, file)).size]);
      expect(response.headers.get('vary')).toContain('Accept-Encoding');
      expect(body.equals(raw)).toBe(true);
    }
  });

  it('sends plain HTTP to HTTPS', async () => {
    const response = await fetch(`${deployment.httpOrigin}/unlimited?from=qr`, { redirect: 'manual' });
    expect(response.status).toBe(301);
    expect(response.headers.get('location')).toMatch(/^https:\/\/127\.0\.0\.1(:\d+)?\/unlimited\?from=qr$/);
  });

  it('gives pages, /env.json and /remotes.json from the shell’s server, naming the proxy’s addresses', async () => {
    const page = await fetch(`${shellOrigin}/reservation`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(page.headers.get('strict-transport-security')).toContain('max-age=');
    expect(await page.text()).toContain('<main');
    const settings = (await (await fetch(`${shellOrigin}/env.json`)).json()) as { apiBaseUrl: string };
    expect(settings.apiBaseUrl).toBe(shellOrigin);
    const { remotes } = (await (await fetch(`${shellOrigin}/remotes.json`)).json()) as { remotes: { name: string; manifest: string }[] };
    expect(remotes.map((remote) => remote.name).sort()).toEqual(site.remotes.map((remote) => remote.name).sort());
    for (const remote of remotes) expect(remote.manifest.startsWith(`${shellOrigin}/releases/${remote.name}/`)).toBe(true);
  });
});

describe('API replicas behind /api/, sharing JWT_SECRET and CAPTCHA_HMAC_SECRET', () => {
  it('a captcha made by one replica is accepted by the other, and so is a login token', async () => {
    const [first, second] = deployment.apiReplicas;
    const account = { first_name: 'Rhea', last_name: 'Lim', email: `replicas.${Date.now()}@example.com`, password: 'secret123' };
    const registered = await fetch(`${second}/api/customers/register`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ ...account, captcha: await captcha(first) }),
    });
    expect(registered.status).toBe(201);

    const { token } = await logInCustomerViaApi(account.email, account.password, first);
    const lookup = await fetch(`${second}/api/customers?email=${encodeURIComponent(account.email)}`, { headers: { Authorization: `Bearer ${token}` } });
    expect(lookup.status).toBe(200);
    expect(((await lookup.json()) as { data: { email: string }[] }).data.map((customer) => customer.email)).toEqual([account.email]);
  });
});

describe('backups, as the guide takes and restores them', () => {
  it('PostgreSQL: a pg_dump of the live database, restored into an empty one, serves the same accounts', async () => {
    const account = await createCustomer({ first_name: 'Dump', last_name: 'Cruz' });
    const folder = scratchFolder('pg-backup');
    const dump = path.join(folder, 'samgyup.dump');
    const program = (name: string) => path.join(deployment.postgresBin, name);
    await run(program('pg_dump'), ['--format=custom', `--file=${dump}`, `--dbname=${deployment.databaseUrl}`]);

    const restored = new URL(deployment.databaseUrl);
    restored.pathname = `/samgyup_restored_${Date.now()}`;
    const sql = (url: string, statement: string) => run(program('psql'), ['-X', '-qtA', '-v', 'ON_ERROR_STOP=1', '-d', url, '-c', statement]);
    await sql(deployment.databaseUrl, `CREATE DATABASE ${restored.pathname.slice(1)}`);
    try {
      await run(program('pg_restore'), ['--no-owner', '--exit-on-error', `--dbname=${restored.href}`, dump]);
      const count = async (url: string) => (await sql(url, 'SELECT count(*) FROM customers')).stdout.trim();
      expect(await count(restored.href)).toBe(await count(deployment.databaseUrl));

      const api = await startApi(deployment.spareApiPorts[0], { DATABASE_URL: restored.href, DATA_DIR: scratchFolder('pg-restored-api'), SEED_DEMO_DATA: 'false' });
      try {
        const { user } = await logInCustomerViaApi(account.email, account.password, api.origin);
        expect(user.first_name).toBe('Dump');
      } finally {
        await api.stop();
      }
    } finally {
      await sql(deployment.databaseUrl, `DROP DATABASE IF EXISTS ${restored.pathname.slice(1)}`);
    }
  }, 120_000);

  it('embedded database: a copy of a stopped API’s DATA_DIR starts an API with the same accounts', async () => {
    // Its own secrets, generated into DATA_DIR as a single embedded API keeps them.
    const embedded = { DATABASE_URL: '', JWT_SECRET: '', CAPTCHA_HMAC_SECRET: '', CORS_ORIGINS: '' };
    const dataDir = scratchFolder('pglite-data');
    const api = await startApi(deployment.spareApiPorts[0], { ...embedded, DATA_DIR: dataDir });
    let account: Awaited<ReturnType<typeof createCustomer>>;
    try {
      account = await createCustomer({ first_name: 'Copy', last_name: 'Reyes' }, api.origin);
    } finally {
      await api.stop();
    }
    const backup = path.join(scratchFolder('pglite-backup'), 'data');
    cpSync(dataDir, backup, { recursive: true });

    const restored = await startApi(deployment.spareApiPorts[1], { ...embedded, DATA_DIR: backup });
    try {
      const { user } = await logInCustomerViaApi(account.email, account.password, restored.origin);
      expect(user.first_name).toBe('Copy');
    } finally {
      await restored.stop();
    }
  }, 120_000);
});

describe('a team releasing through the proxy', () => {
  it('a new release of a remote is checked in Chromium with the deployed site, goes live, and rolls back', async () => {
    const before = site.live('mfe_menus').version;
    // The menus' next release as its team makes it: the version bumped, then built (a release refuses a build older than its sources).
    const packageJson = JSON.parse(readFileSync(path.join(repoRoot, 'mfe-menus', 'package.json'), 'utf8')) as { version: string };
    const next = await buildPartVariant('mfe-menus', [
      { file: 'mfe-menus/package.json', from: `"version": "${packageJson.version}"`, to: `"version": "${packageJson.version}-next"` },
    ]);
    try {
      const env = { ...process.env, ...deployment.siteEnv };
      const releaseTool = path.join(repoRoot, 'release-tools', 'bin', 'release.mjs');
      const published = await run(process.execPath, [releaseTool, 'publish', '--base-url', `${shellOrigin}/releases/mfe_menus/`], { cwd: next.folder, env, timeout: 150_000 });
      expect(published.stdout).toContain('Checked in Chromium with what is deployed: /');
      const after = site.live('mfe_menus').version;
      expect(after).not.toBe(before);
      expect(after.startsWith(`${packageJson.version}-next-`)).toBe(true);
      const liveVersion = async () => {
        const { remotes } = (await (await fetch(`${shellOrigin}/remotes.json`)).json()) as { remotes: { name: string; version: string }[] };
        return remotes.find((remote) => remote.name === 'mfe_menus')?.version;
      };
      const shows = async (version: string) => {
        for (const deadline = Date.now() + 5_000; Date.now() < deadline; await new Promise((resolve) => setTimeout(resolve, 200))) {
          if ((await liveVersion()) === version) return version;
        }
        return liveVersion();
      };
      expect(await shows(after)).toBe(after);

      const rolledBack = await run('npm', ['run', 'rollback', '-w', '@samgyup/mfe-menus'], { cwd: repoRoot, env, timeout: 60_000 });
      expect(rolledBack.stdout).toContain(`rolled back from ${after} to ${before}`);
      expect(await shows(before)).toBe(before);
    } finally {
      next.remove();
    }
  }, 420_000);
});
