import { createElement, use, type ComponentType } from 'react';

/**
 * What every remote exposes as `./pages`: one component per route path it
 * serves (a pattern such as '/staff/*' is allowed). The host decides which
 * paths to mount from its runtime remotes file, so a remote can ship a new
 * page without a host rebuild.
 */
export interface RemotePagesModule {
  pages: Record<string, ComponentType>;
}

/** A page in a chunk of its own: `preload` fetches and runs that chunk without drawing anything. */
export type LoadablePage = ComponentType & { preload: () => Promise<void> };

/**
 * A page loaded on demand from its own chunk, so a visitor downloads only the
 * page they open: `lazyPage(() => import('./promos/promos-page'), (m) => m.PromosPage)`.
 *
 * The shell calls `preload` before it shows the page, so the page draws at once
 * once its chunk is in. React.lazy suspended instead, and React shows content
 * that ends a suspense at least 300 ms after its fallback appeared: on a phone,
 * that wait stood before every page's first request for its data. As with
 * React.lazy, a chunk that did not load stays failed: the shell's Retry loads
 * the part anew.
 */
export function lazyPage<M>(load: () => Promise<M>, pick: (module: M) => ComponentType): LoadablePage {
  let loading: Promise<ComponentType> | null = null;
  const start = (): Promise<ComponentType> => {
    if (loading) return loading;
    const current = load().then(pick);
    // Marked as React's `use` reads a promise: an ended one is read at once, without suspending.
    current.then(
      (value) => void Object.assign(current, { status: 'fulfilled', value }),
      (reason: unknown) => void Object.assign(current, { status: 'rejected', reason }),
    );
    loading = current;
    return current;
  };
  function LazyPage() {
    return createElement(use(start()));
  }
  return Object.assign(LazyPage, {
    preload: async () => {
      await start();
    },
  });
}
