import { registerRemotes } from '@module-federation/enhanced/runtime';
import { matchPath } from 'react-router-dom';

export interface RemoteDescriptor {
  name: string;
  label: string;
  manifest: string;
  routes: string[];
}

export interface RemoteRouteMatch {
  remote: RemoteDescriptor;
  pattern: string;
}

function isRemoteDescriptor(value: unknown): value is RemoteDescriptor {
  if (!value || typeof value !== 'object') return false;
  const candidate = value as Record<string, unknown>;
  return (
    typeof candidate.name === 'string' &&
    typeof candidate.manifest === 'string' &&
    Array.isArray(candidate.routes) &&
    candidate.routes.every((route) => typeof route === 'string')
  );
}

/** Reads the runtime remotes file; entries that do not fit are skipped, not fatal. */
export function parseRemotesFile(json: unknown): RemoteDescriptor[] {
  const list = (json as { remotes?: unknown } | null)?.remotes;
  if (!Array.isArray(list)) return [];
  return list.filter(isRemoteDescriptor).map((remote) => ({
    ...remote,
    label: typeof remote.label === 'string' && remote.label ? remote.label : remote.name,
  }));
}

export function findRemoteRoute(remotes: RemoteDescriptor[], pathname: string): RemoteRouteMatch | null {
  for (const remote of remotes) {
    for (const pattern of remote.routes) {
      if (matchPath({ path: pattern, end: true, caseSensitive: true }, pathname)) return { remote, pattern };
    }
  }
  return null;
}

function register(remotes: RemoteDescriptor[], force = false) {
  registerRemotes(
    remotes.map((remote) => ({ name: remote.name, entry: remote.manifest })),
    { force },
  );
}

let registry: Promise<RemoteDescriptor[]> | null = null;

/**
 * Loads `/remotes.json` once per page. When it cannot be read, the shell's
 * own pages still work and remote routes show the not-found page.
 */
export function loadRemoteRegistry(url = '/remotes.json'): Promise<RemoteDescriptor[]> {
  if (!registry) {
    registry = fetch(url, { cache: 'no-cache' })
      .then((response) => {
        if (!response.ok) throw new Error(`remotes file answered ${response.status}`);
        return response.json();
      })
      .then((json) => {
        const remotes = parseRemotesFile(json);
        register(remotes);
        return remotes;
      })
      .catch((error: unknown) => {
        console.error('Could not read the remotes file', error);
        registry = null;
        return [];
      });
  }
  return registry;
}

/** Drops what the federation runtime cached for a remote, so Retry really fetches again. */
export function forgetRemote(remote: RemoteDescriptor): void {
  register([remote], true);
}
