import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/**
 * What every remote exposes as `./pages`: one component per route path it
 * serves (a pattern such as '/staff/*' is allowed). The host decides which
 * paths to mount from its runtime remotes file, so a remote can ship a new
 * page without a host rebuild.
 */
export interface RemotePagesModule {
  pages: Record<string, ComponentType>;
}

/**
 * A page loaded on demand from its own chunk, so a visitor downloads only the
 * page they open: `lazyPage(() => import('./promos/promos-page'), (m) => m.PromosPage)`.
 */
export function lazyPage<M>(load: () => Promise<M>, pick: (module: M) => ComponentType): LazyExoticComponent<ComponentType> {
  return lazy(() => load().then((module) => ({ default: pick(module) })));
}
