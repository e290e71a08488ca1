import type { ComponentType } from 'react';

/**
 * What every remote exposes as `./pages`: one component per route path it
 * serves (a pattern such as '/staff/*' is allowed). The host decides which
 * paths to mount from its runtime remotes file, so a remote can ship a new
 * page without a host rebuild.
 */
export interface RemotePagesModule {
  pages: Record<string, ComponentType>;
}
