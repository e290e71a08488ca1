import { getInstance, registerRemotes } from '@module-federation/enhanced/runtime';
import { matchPath } from 'react-router-dom';
import { documentInPage } from '../app/documents-in-page';
import { ensureVisitorCohort } from './visitor-cohort';

export interface RemoteDescriptor {
  name: string;
  label: string;
  manifest: string;
  routes: string[];
  version?: string;
  /** route -> the page's title, as the remote's release declares it (src/page-meta.ts). */
  titles?: Record<string, string>;
}

export interface RemoteRouteMatch {
  remote: RemoteDescriptor;
  pattern: string;
}

function isRemoteDescriptor(value: unknown): value is RemoteDescriptor {
  if (!value || typeof value !== 'object') return false;
  const candidate = value as Record<string, unknown>;
  return (
    typeof candidate.name === 'string' && typeof candidate.manifest === 'string' && Array.isArray(candidate.routes) && candidate.routes.every((route) => typeof route === 'string')
  );
}

/** The titles of a remotes-file entry, keeping only route -> text pairs. */
function readTitles(value: unknown): Record<string, string> {
  if (!value || typeof value !== 'object') return {};
  return Object.fromEntries(Object.entries(value).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
}

/** Reads the runtime remotes file; entries that do not fit are skipped, not fatal. */
export function parseRemotesFile(json: unknown): RemoteDescriptor[] {
  const list = (json as { remotes?: unknown } | null)?.remotes;
  if (!Array.isArray(list)) return [];
  return list.filter(isRemoteDescriptor).map((remote) => ({
    ...remote,
    label: typeof remote.label === 'string' && remote.label ? remote.label : remote.name,
    titles: readTitles(remote.titles),
  }));
}

// Each registry read's answers, by path: matchPath compiles a regular expression per route on
// every call, about 70 for one lookup, and a page asks on each render (34 ms at 4× on /feedback).
const routeMatches = new WeakMap<RemoteDescriptor[], Map<string, RemoteRouteMatch | null>>();

function matchRemoteRoute(remotes: RemoteDescriptor[], pathname: string): RemoteRouteMatch | null {
  for (const remote of remotes) {
    for (const pattern of remote.routes) {
      if (matchPath({ path: pattern, end: true, caseSensitive: true }, pathname)) return { remote, pattern };
    }
  }
  return null;
}

export function findRemoteRoute(remotes: RemoteDescriptor[], pathname: string): RemoteRouteMatch | null {
  let answers = routeMatches.get(remotes);
  if (!answers) routeMatches.set(remotes, (answers = new Map()));
  if (!answers.has(pathname)) answers.set(pathname, matchRemoteRoute(remotes, pathname));
  return answers.get(pathname) ?? null;
}

// What the runtime knows of each remote (name -> its release): registered to load,
// and actually running on this page. A remote's code cannot be swapped on a page
// that runs it, so a tab whose remote was released again reloads once (isOutdated).
const registered = new Map<string, RemoteDescriptor>();
const running = new Map<string, RemoteDescriptor>();
let known: RemoteDescriptor[] | null = null;
let reading: Promise<RemoteDescriptor[]> | null = null;

/** How long the remotes file may take before the shell goes on with what it knows. */
export const REGISTRY_TIMEOUT_MS = 8000;

/**
 * Reads `/remotes.json` (the release registry as the browser sees it). The shell
 * asks again on every move into a remote's page, so a release reaches open tabs
 * at their next navigation; an unchanged file costs a 304. When it cannot be
 * read the shell keeps what it knew (none at first: its own pages still work,
 * remote routes show the not-found page).
 */
export function readRemoteRegistry(url = '/remotes.json'): Promise<RemoteDescriptor[]> {
  ensureVisitorCohort();
  if (!reading) {
    const answer = fetch(url, { cache: 'no-cache', signal: AbortSignal.timeout(REGISTRY_TIMEOUT_MS) })
      .then((response) => {
        if (!response.ok) throw new Error(`remotes file answered ${response.status}`);
        return response.json();
      })
      .then((json) => (known = parseRemotesFile(json)));
    if (!pageLoadReadStarted) {
      pageLoadReadStarted = true;
      pageLoadRead = { pathname: window.location.pathname, read: answer.catch(() => null) };
    }
    reading = answer
      .catch((error: unknown) => {
        console.error('Could not read the remotes file', error);
        return known ?? [];
      })
      .finally(() => {
        reading = null;
      });
  }
  return reading;
}

// The first read, which the shell starts as the page loads (bootstrap.tsx), and the address it loaded at;
// `carried`: the remotes file the page was sent with, when it was.
let pageLoadReadStarted = false;
let pageLoadRead: { pathname: string; read: Promise<RemoteDescriptor[] | null>; carried?: RemoteDescriptor[] } | null = null;

/**
 * The registry as the page loaded: the remotes file the shell's server wrote into the page for
 * this visitor (their canaries included), else a read of `/remotes.json`. Later moves read anew.
 */
export function readRemoteRegistryAtLoad(): Promise<RemoteDescriptor[]> {
  const carried = documentInPage('/remotes.json');
  if (pageLoadReadStarted || carried === null) return readRemoteRegistry();
  ensureVisitorCohort();
  known = parseRemotesFile(carried);
  pageLoadReadStarted = true;
  pageLoadRead = { pathname: window.location.pathname, read: Promise.resolve(known), carried: known };
  return Promise.resolve(known);
}

/**
 * The remotes file the page was sent with, while the address it loaded at has not read it yet: the app's
 * first draw shows that address's part at once, as the page the server drew it into (start-app.tsx).
 */
export function registryCarriedFor(pathname: string): RemoteDescriptor[] | null {
  return pageLoadRead?.pathname === pathname ? (pageLoadRead.carried ?? null) : null;
}

/**
 * The registry for a page about to be shown. For the address the page loaded at, once: the
 * read the page started as it loaded (the file it had just been sent), unless that read
 * failed. For every move after that: a new read. Reading again at load put a second
 * request, a round trip on a phone, in front of every remote page a visitor lands on.
 */
export async function readRemoteRegistryFor(pathname: string): Promise<RemoteDescriptor[]> {
  const first = pageLoadRead;
  pageLoadRead = null;
  const loaded = first && first.pathname === pathname ? await first.read : null;
  return loaded ?? readRemoteRegistry();
}

/** True when this page runs an older release of the remote than the registry names. */
export function isOutdated(remote: RemoteDescriptor): boolean {
  const runningManifest = running.get(remote.name)?.manifest;
  return runningManifest !== undefined && runningManifest !== remote.manifest;
}

/** The release of a remote this page registered (running, or about to load): what its reports are counted under. */
export function remoteOnPage(name: string): RemoteDescriptor | null {
  return running.get(name) ?? registered.get(name) ?? null;
}

/** Every remote release this page registered. */
export function remotesOnPage(): RemoteDescriptor[] {
  return [...new Map([...registered, ...running]).values()];
}

/** Registers the remote's current manifest with the federation runtime before loading it. */
export function prepareRemote(remote: RemoteDescriptor): void {
  if (registered.get(remote.name)?.manifest === remote.manifest) return;
  const replacing = registered.has(remote.name);
  if (replacing) forgetRemote(remote);
  // `force` clears what the runtime kept of the old entry (forgetRemote does so first when it can).
  registerRemotes([{ name: remote.name, entry: remote.manifest }], replacing && registered.has(remote.name) ? { force: true } : undefined);
  registered.set(remote.name, remote);
}

/** Called once the remote's code runs on the page. */
export function markRunning(remote: RemoteDescriptor): void {
  running.set(remote.name, remote);
}

interface RuntimeRemoteHandler {
  removeRemote?: (remote: unknown) => void;
}

/**
 * Drops what the federation runtime cached for a remote that failed to load, so
 * the next try really fetches again. This is the cleanup `registerRemotes(…, {
 * force: true })` does, without its warning that overriding a remote is risky:
 * here the old entry never ran or is being retried on purpose.
 */
export function forgetRemote(remote: RemoteDescriptor): void {
  const instance = getInstance();
  const entry = instance?.options.remotes.find((candidate) => candidate.name === remote.name);
  const handler = instance?.remoteHandler as unknown as RuntimeRemoteHandler | undefined;
  if (!entry || typeof handler?.removeRemote !== 'function') return;
  handler.removeRemote(entry);
  registered.delete(remote.name);
}
