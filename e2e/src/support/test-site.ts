import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createStaticServer, listen, loadSiteSettings, registry } from '@samgyup/site-server';
import { releaseAndServe, remoteDescriptors } from '@samgyup/dev-site';
import { apiOrigin, externalSite, host, testPorts } from './test-ports';

type Registry = ReturnType<typeof registry.readRegistry>;

export interface TestRemote {
  name: string;
  label: string;
  folder: string;
  routes: string[];
  port: number;
  /** The remote's server; its files are under <origin>/<version>/. */
  origin: string;
}

/** Settings of the site under test: the test ports and a releases folder of its own. */
export function testSiteSettings(releasesDir: string, apiUrl = apiOrigin) {
  const env: Record<string, string> = {
    SITE_HOST: host,
    SHELL_PORT: String(testPorts.shell),
    API_PORT: String(testPorts.api),
    API_URL: apiUrl,
    RELEASES_DIR: releasesDir,
  };
  for (const [name, port] of Object.entries(testPorts.remotes)) env[`${name.toUpperCase()}_PORT`] = String(port);
  return loadSiteSettings(env);
}

/** What is live, read from a releases folder's registry. */
function registryView(releasesDir: string) {
  return {
    registry: (): Registry => registry.readRegistry(releasesDir),
    /** The live release of a part, its files (`dist`) and, for a remote, the URL they are under (`base`). */
    live(name: string) {
      const release = registry.currentRelease(registry.readRegistry(releasesDir), name);
      if (!release) throw new Error(`${name} is not released`);
      const dist = path.join(registry.releaseFolder(releasesDir, name, release.version), 'dist');
      return { ...release, dist, base: String(release.manifest ?? '').replace(/mf-manifest\.json$/, '') };
    },
  };
}

export interface TestSite extends ReturnType<typeof registryView> {
  settings: ReturnType<typeof loadSiteSettings>;
  releasesDir: string;
  remotes: TestRemote[];
  editRegistry(edit: (current: Registry) => Registry): void;
  stopRemote(name: string): Promise<void>;
  startRemote(name: string): Promise<void>;
  /** Serves a built folder on another port, as a static host or a second deployment would. */
  serveFolder(root: string, port: number): Promise<string>;
  close(): Promise<void>;
}

/**
 * The built shell and remotes, each released into a releases folder of this
 * test file's own and served as in production on the test ports. Tests change
 * what is live by editing the registry (or releasing), exactly as a deploy does.
 * Against a deployment someone else started (E2E_SITE_ORIGIN), that deployment.
 * With `apiUrl`, the pages call that API instead of the suite's. With
 * `sharedWithApi`, the releases folder is the one the suite's API reads (its
 * Releases screen shows this site); one test file at a time may take it.
 */
export async function startTestSite(options: { apiUrl?: string; sharedWithApi?: boolean } = {}): Promise<TestSite> {
  if (externalSite) return externalTestSite();
  const shared = options.sharedWithApi ? process.env.E2E_API_RELEASES_DIR : undefined;
  if (options.sharedWithApi && !shared) throw new Error('E2E_API_RELEASES_DIR is not set: the end-to-end global setup did not run.');
  const releasesDir = shared ?? mkdtempSync(path.join(tmpdir(), 'samgyup-releases-'));
  mkdirSync(releasesDir, { recursive: true });
  const settings = testSiteSettings(releasesDir, options.apiUrl);
  // The servers look at the registry on every request: a test's edit is live at once.
  const site = await releaseAndServe({ settings, registryIntervalMs: 0 });

  return {
    settings,
    releasesDir,
    remotes: site.remotes as TestRemote[],
    ...registryView(releasesDir),
    editRegistry(edit) {
      registry.writeRegistry(releasesDir, edit(registry.readRegistry(releasesDir)));
    },
    stopRemote: (name) => site.stopRemote(name),
    startRemote: (name) => site.startRemote(name),
    async serveFolder(root, port) {
      const server = createStaticServer({ root: path.resolve(root), cors: true });
      await listen(server, port, host);
      site.keep(`extra:${port}`, server);
      return `http://${host}:${port}`;
    },
    async close() {
      await site.close();
      rmSync(releasesDir, { recursive: true, force: true });
    },
  };
}

/** The deployment under test, started by someone else: read, never changed or stopped. */
function externalTestSite(): TestSite {
  const releasesDir = path.resolve(process.env.E2E_RELEASES_DIR as string);
  const settings = loadSiteSettings({ SITE_HOST: host, API_URL: apiOrigin, RELEASES_DIR: releasesDir });
  const view = registryView(releasesDir);
  const remotes = remoteDescriptors().map((remote) => {
    const manifest = new URL(view.live(remote.name).manifest ?? '');
    return { name: remote.name, label: remote.label ?? remote.name, folder: remote.folder, routes: remote.routes, port: Number(manifest.port), origin: manifest.origin };
  });
  const refusal = (what: string) => new Error(`${what} a deployment the tests did not start (E2E_SITE_ORIGIN) is not theirs to do; this test needs a site of its own.`);
  const refuse = (what: string) => async () => {
    throw refusal(what);
  };
  return {
    settings,
    releasesDir,
    remotes,
    ...view,
    editRegistry: () => {
      throw refusal('Editing the release registry of');
    },
    stopRemote: refuse('Stopping a server of'),
    startRemote: refuse('Starting a server of'),
    serveFolder: refuse('Adding a server to'),
    close: async () => undefined,
  };
}

export { remoteDescriptors };
