import type { Server } from 'node:http';
import path from 'node:path';
import { remoteDescriptors } from '../../../tooling/remotes-manifest.cjs';
import { closeServer, siteSettings, startRemoteServer, startShellServer } from '../../../tooling/site-servers.cjs';
import { apiOrigin, host, testPorts } from './test-ports';

export interface RemoteEntry {
  name: string;
  label: string;
  manifest: string;
  routes: string[];
}
export interface RemotesFile {
  remotes: RemoteEntry[];
}

type RemoteName = keyof typeof testPorts.remotes;

/**
 * The built shell and remotes served as in production, on the test ports.
 * `remotesFile` is what the shell's /remotes.json answers; tests may change
 * it while the site runs, which is exactly what a deploy does.
 */
export async function startTestSite() {
  const env: Record<string, string> = {
    SITE_HOST: host,
    SHELL_PORT: String(testPorts.shell),
    API_PORT: String(testPorts.api),
    API_URL: apiOrigin,
  };
  for (const [name, port] of Object.entries(testPorts.remotes)) env[`${name.toUpperCase()}_PORT`] = String(port);
  const settings = siteSettings(env);

  let remotesFile: RemotesFile = {
    remotes: settings.remotes.map((remote: { name: string; label: string; origin: string; routes: string[] }) => ({
      name: remote.name,
      label: remote.label,
      manifest: `${remote.origin}/mf-manifest.json`,
      routes: remote.routes,
    })),
  };
  // Remotes first: the shell's server reads their manifests and first screens as it starts.
  const remoteServers = new Map<string, Server>();
  for (const remote of settings.remotes) remoteServers.set(remote.name, await startRemoteServer(settings, remote));
  const shell: Server = await startShellServer(settings, { remotesFile: () => remotesFile });

  const descriptor = (name: string) => settings.remotes.find((remote: { name: string }) => remote.name === name);

  return {
    settings,
    get remotesFile() {
      return remotesFile;
    },
    setRemotesFile(next: RemotesFile) {
      remotesFile = next;
    },
    async stopRemote(name: RemoteName) {
      const server = remoteServers.get(name);
      if (server) await closeServer(server);
      remoteServers.delete(name);
    },
    async startRemote(name: RemoteName) {
      remoteServers.set(name, await startRemoteServer(settings, descriptor(name)));
    },
    /** Serves a built remote folder on another port, as a second deployment would be. */
    async serveFolder(root: string, port: number) {
      const server = await startRemoteServer(settings, { ...descriptor('mfe_menus'), root: path.resolve(root) }, port);
      remoteServers.set(`extra:${port}`, server);
      return `http://${host}:${port}`;
    },
    async close() {
      await Promise.all([shell, ...remoteServers.values()].map((server) => closeServer(server)));
    },
  };
}

export type TestSite = Awaited<ReturnType<typeof startTestSite>>;
export { remoteDescriptors };
