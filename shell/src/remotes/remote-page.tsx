import { loadRemote } from '@module-federation/enhanced/runtime';
import { useInBrowser, type RemotePagesModule } from '@samgyup/shared';
import { Component, Suspense, useEffect, useState, type ComponentType, type ReactNode } from 'react';
import { browserReports } from '../release-health/browser-reports';
import { isCountedLoadFailure, loadFailurePhase } from '../release-health/remote-load-reports';
import { reportPartOf } from '../release-health/report-part';
import { FirstScreenDone, RemotePageWaiting } from './first-screen';
import { findRemoteRoute, forgetRemote, markRunning, prepareRemote, type RemoteDescriptor } from './remote-registry';
import { reloadStylesheetsOf } from './remote-stylesheets';
import './remote-page.css';

/** A remote's page that fetches its own chunk when asked (lazyPage in @samgyup/shared); a part built before that has none. */
type PreloadablePage = ComponentType & { preload?: () => Promise<void> };

// Pages whose code is in, and pages being loaded, by remote release and route.
const loadedPages = new Map<string, ComponentType>();
const loadingPages = new Map<string, Promise<ComponentType>>();
// Pages whose last load failed: the next one (Retry) starts as a try after a failure.
const failedPages = new Set<string>();
const pageKey = (remote: RemoteDescriptor, pattern: string) => `${remote.name}@${remote.manifest}:${pattern}`;

const isChunkLoadError = (error: unknown) => error instanceof Error && error.name === 'ChunkLoadError';

/** Tries of one load at most, however far each gets: a remote that keeps failing anew is not tried for ever. */
const MAX_LOAD_TRIES = 4;

/**
 * The file a failed load stopped at: webpack's ChunkLoadError names it (`request`),
 * the federation runtime's errors in their arguments (RUNTIME-003's manifestUrl,
 * RUNTIME-008's resourceUrl); else the error's text stands for it.
 */
export function failedFileOf(error: unknown): string {
  const request = typeof error === 'object' && error !== null ? (error as { request?: unknown }).request : undefined;
  if (typeof request === 'string' && request !== '') return request;
  const message = error instanceof Error ? error.message : String(error);
  return /"(?:resourceUrl|manifestUrl)":"([^"]+)"/.exec(message)?.[1] ?? message;
}

/** A remote that loaded but has no page for the route: loading it again would not help. */
class MissingPageError extends Error {}

/** The page's component with its code in: the remote's pages module, then the page's own chunk. */
async function loadPageOnce(remote: RemoteDescriptor, pattern: string): Promise<PreloadablePage> {
  prepareRemote(remote);
  const module = await loadRemote<RemotePagesModule>(`${remote.name}/pages`);
  const Page = module?.pages?.[pattern] as PreloadablePage | undefined;
  if (!Page) throw new MissingPageError(`${remote.name} has no page for ${pattern}`);
  await Page.preload?.();
  return Page;
}

/**
 * Loads the page from scratch again after a failure, for as long as each try gets
 * further than the one before: a manifest, entry or chunk that fails (or passes its
 * time limit, remote-load-limits) gets one more try, and a second failure of the same
 * file ends it. A try that fails at another file goes on: Chromium answers the first
 * use of a file whose preload hint failed (the part was down as the page loaded) with
 * that old failure, without asking the network, once per file.
 */
async function loadPageWithRetries(remote: RemoteDescriptor, pattern: string, afterFailure: boolean): Promise<PreloadablePage> {
  const failedFiles = new Set<string>();
  for (let tries = 1; ; tries += 1) {
    try {
      if (afterFailure || tries > 1) await reloadStylesheetsOf(remote);
      return await loadPageOnce(remote, pattern);
    } catch (error) {
      const file = failedFileOf(error);
      if (error instanceof MissingPageError || failedFiles.has(file) || tries >= MAX_LOAD_TRIES) throw error;
      failedFiles.add(file);
      // Release health counts every try: the runtime plugin counts the remote's own files, this the page's chunk
      // (the last failure is counted by the error boundary that shows it).
      if (isChunkLoadError(error) && !isCountedLoadFailure(error)) browserReports.load(reportPartOf(remote), loadFailurePhase(error));
      console.warn(`Loading the ${remote.label} section failed at ${file}; trying once more`, error);
      // A new start: the runtime forgets the entry it kept, and a page chunk that failed (lazyPage keeps a failed chunk failed) goes with it.
      forgetRemote(remote);
    }
  }
}

/**
 * The page's component with its code in, loaded once per remote release and route.
 * Loaded outside React and shown by a plain state change: React reveals what ends a
 * suspense no sooner than 300 ms after its fallback appeared, and on a phone that
 * wait came twice (the pages module, then the page's chunk) before the page could
 * even ask for its data.
 */
function loadRemotePage(remote: RemoteDescriptor, pattern: string): Promise<ComponentType> {
  const key = pageKey(remote, pattern);
  let loading = loadingPages.get(key);
  if (!loading) {
    loading = (async () => {
      const afterFailure = failedPages.delete(key);
      const Page = await loadPageWithRetries(remote, pattern, afterFailure).catch((error: unknown) => {
        failedPages.add(key);
        throw error;
      });
      markRunning(remote);
      // A remote may itself split its pages with React.lazy; it is drawn inside a plain component.
      const Shown = () => <Page />;
      loadedPages.set(key, Shown);
      return Shown;
    })();
    loadingPages.set(key, loading);
  }
  return loading;
}

/**
 * Starts loading the remote page at the address the page loaded at, as the app starts: its code is then on
 * its way while React draws the layout, not only once the layout is drawn and asks for it. A load that
 * fails is shown by the page itself, which reads the same promise (RemotePageContent).
 */
export function startLoadingRemotePageAt(pathname: string, registry: Promise<RemoteDescriptor[]>): void {
  void registry.then((remotes) => {
    const match = findRemoteRoute(remotes, pathname);
    if (!match) return;
    browserReports.startingAt(match.pattern);
    loadRemotePage(match.remote, match.pattern).catch(() => undefined);
  });
}

/** The remote's page once its code is in; a load that failed is thrown to the part's error boundary. */
function RemotePageContent({ remote, pattern }: { remote: RemoteDescriptor; pattern: string }) {
  const key = pageKey(remote, pattern);
  const [state, setState] = useState<{ key: string; Page?: ComponentType; error?: Error }>(() => ({ key, Page: loadedPages.get(key) }));
  useEffect(() => {
    // Asked even when the code is in (the promise has ended): a load another page finished between this draw and now is picked up too.
    let active = true;
    loadRemotePage(remote, pattern).then(
      (Page) => active && setState((current) => (current.key === key && current.Page === Page ? current : { key, Page })),
      (error: unknown) => active && setState({ key, error: error instanceof Error ? error : new Error(String(error)) }),
    );
    return () => {
      active = false;
    };
  }, [key, remote, pattern]);
  // While React takes over the page the server drew (start-app.tsx), this draws what the server did, the waiting
  // first screen, even if the page's code came in meanwhile; the page follows in the next draw.
  const takingOver = !useInBrowser();
  if (state.key === key && state.error) throw state.error;
  const Page = takingOver ? undefined : ((state.key === key ? state.Page : undefined) ?? loadedPages.get(key));
  if (!Page) return <RemotePageWaiting label={remote.label} />;
  // The Suspense is for what a page suspends on itself (a part built before lazyPage could preload). It is not
  // around the waiting first screen: a boundary there would not match the page the server drew, which React takes over.
  return (
    <Suspense fallback={<RemotePageWaiting label={remote.label} />}>
      <Page />
      <FirstScreenDone />
    </Suspense>
  );
}

interface BoundaryProps {
  remote: RemoteDescriptor;
  onRetry: () => void;
  children: ReactNode;
}

class RemoteErrorBoundary extends Component<BoundaryProps, { error: Error | null }> {
  override state = { error: null as Error | null };

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  override componentDidCatch(error: Error) {
    console.error(`The ${this.props.remote.label} section failed`, error);
    // A load the runtime plugin counted is not counted again; a page's own chunk that did not load is a failed load, anything else an error of the part.
    if (isCountedLoadFailure(error)) return;
    const part = reportPartOf(this.props.remote);
    if (isChunkLoadError(error)) browserReports.load(part, loadFailurePhase(error));
    else browserReports.error(part);
  }

  retry = () => {
    this.setState({ error: null });
    this.props.onRetry();
  };

  override render() {
    if (!this.state.error) return this.props.children;
    return (
      <section className="remote-status remote-status--error" role="alert" aria-labelledby="remote-error-title">
        <h1 id="remote-error-title">This page could not be loaded</h1>
        <p>The {this.props.remote.label} part of our site is not answering right now. The rest of the site still works. Check your connection, then press Retry.</p>
        <button type="button" className="remote-status__retry" onClick={this.retry}>
          Retry
        </button>
      </section>
    );
  }
}

export function RemoteLoading({ label }: { label: string }) {
  return (
    <div className="remote-status" role="status" aria-live="polite">
      <span className="remote-status__spinner" aria-hidden="true" />
      Loading {label}…
    </div>
  );
}

/** A remote's page inside the shell's error boundary and Suspense. */
export function RemotePage({ remote, pattern }: { remote: RemoteDescriptor; pattern: string }) {
  const [attempt, setAttempt] = useState(0);
  useEffect(() => browserReports.view({ ...reportPartOf(remote), route: pattern }), [remote, pattern]);
  const retry = () => {
    loadedPages.delete(pageKey(remote, pattern));
    loadingPages.delete(pageKey(remote, pattern));
    forgetRemote(remote);
    setAttempt((value) => value + 1);
  };
  return (
    <RemoteErrorBoundary key={attempt} remote={remote} onRetry={retry}>
      <RemotePageContent remote={remote} pattern={pattern} />
    </RemoteErrorBoundary>
  );
}
