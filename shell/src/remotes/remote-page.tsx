import { loadRemote } from '@module-federation/enhanced/runtime';
import type { RemotePagesModule } from '@samgyup/shared';
import { Component, lazy, Suspense, useEffect, useState, type ComponentType, type ReactNode } from 'react';
import { browserReports } from '../release-health/browser-reports';
import { isCountedLoadFailure, loadFailurePhase } from '../release-health/remote-load-reports';
import { reportPartOf } from '../release-health/report-part';
import { FirstScreenDone, RemotePageWaiting } from './first-screen';
import { forgetRemote, markRunning, prepareRemote, type RemoteDescriptor } from './remote-registry';
import './remote-page.css';

const pageCache = new Map<string, ComponentType>();

/**
 * The remote's pages module. A manifest, entry or chunk that fails or passes its
 * time limit (remote-load-limits) gets one more try from scratch before the page
 * says that part could not be loaded.
 */
async function loadPages(remote: RemoteDescriptor): Promise<RemotePagesModule | null> {
  prepareRemote(remote);
  try {
    return await loadRemote<RemotePagesModule>(`${remote.name}/pages`);
  } catch (error) {
    console.warn(`Loading the ${remote.label} section failed; trying once more`, error);
    forgetRemote(remote);
    prepareRemote(remote);
    return loadRemote<RemotePagesModule>(`${remote.name}/pages`);
  }
}

function lazyRemotePage(remote: RemoteDescriptor, pattern: string): ComponentType {
  const key = `${remote.name}@${remote.manifest}:${pattern}`;
  let page = pageCache.get(key);
  if (!page) {
    page = lazy(async () => {
      const module = await loadPages(remote);
      const Page = module?.pages?.[pattern];
      if (!Page) throw new Error(`${remote.name} has no page for ${pattern}`);
      markRunning(remote);
      // A remote may itself split its pages with React.lazy; a lazy component
      // cannot be the result of another lazy, so it is wrapped in a plain one.
      return { default: () => <Page /> };
    });
    pageCache.set(key, page);
  }
  return page;
}

interface BoundaryProps {
  remote: RemoteDescriptor;
  onRetry: () => void;
  children: ReactNode;
}

const isChunkLoadError = (error: Error) => error.name === 'ChunkLoadError';

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
  const Page = lazyRemotePage(remote, pattern);
  useEffect(() => browserReports.view({ ...reportPartOf(remote), route: pattern }), [remote, pattern]);
  const retry = () => {
    pageCache.delete(`${remote.name}@${remote.manifest}:${pattern}`);
    forgetRemote(remote);
    setAttempt((value) => value + 1);
  };
  return (
    <RemoteErrorBoundary key={attempt} remote={remote} onRetry={retry}>
      <Suspense fallback={<RemotePageWaiting label={remote.label} />}>
        <Page />
        <FirstScreenDone />
      </Suspense>
    </RemoteErrorBoundary>
  );
}
