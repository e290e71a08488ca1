import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createStaticServer, listen, loadSiteSettings, registry } from '@samgyup/site-server';
import { releaseAndServe } from '../../../tooling/local-site.cjs';
import { remoteDescriptors } from '../../../tooling/remotes-manifest.cjs';
import { apiOrigin, host, testPorts } from './test-ports';

type RemoteName = keyof typeof testPorts.remotes;
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
export function testSiteSettings(releasesDir: string) {
  const env: Record<string, string> = {
    SITE_HOST: host,
    SHELL_PORT: String(testPorts.shell),
    API_PORT: String(testPorts.api),
    API_URL: apiOrigin,
    RELEASES_DIR: releasesDir,
  };
  for (const [name, port] of Object.entries(testPorts.remotes)) env[`${name.toUpperCase()}_PORT`] = String(port);
  return loadSiteSettings(env);
}

/**
 * The built shell and remotes, each released into a releases folder of this
 * test file's own and served as in production on the test ports. Tests change
 * what is live by editing the registry (or releasing), exactly as a deploy does.
 */
export async function startTestSite() {
  const releasesDir = mkdtempSync(path.join(tmpdir(), 'samgyup-releases-'));
  const settings = testSiteSettings(releasesDir);
  // The servers look at the registry on every request: a test's edit is live at once.
  const site = await releaseAndServe({ settings, registryIntervalMs: 0 });

  return {
    settings,
    releasesDir,
    remotes: site.remotes as TestRemote[],
    registry: (): Registry => registry.readRegistry(releasesDir),
    editRegistry(edit: (current: Registry) => Registry) {
      registry.writeRegistry(releasesDir, edit(registry.readRegistry(releasesDir)));
    },
    /** The live release of a part, its files (`dist`) and, for a remote, the URL they are under (`base`). */
    live(name: string) {
      const release = registry.currentRelease(registry.readRegistry(releasesDir), name);
      if (!release) throw new Error(`${name} is not released`);
      const dist = path.join(registry.releaseFolder(releasesDir, name, release.version), 'dist');
      return { ...release, dist, base: String(release.manifest ?? '').replace(/mf-manifest\.json$/, '') };
    },
    stopRemote: (name: RemoteName) => site.stopRemote(name),
    startRemote: (name: RemoteName) => site.startRemote(name),
    /** Serves a built folder on another port, as a static host or a second deployment would. */
    async serveFolder(root: string, port: number) {
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

export type TestSite = Awaited<ReturnType<typeof startTestSite>>;
export { remoteDescriptors };
