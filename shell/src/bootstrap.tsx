import { loadRuntimeConfig, setRuntimeConfig, type RuntimeConfig } from '@samgyup/shared';
import { startReleaseHealth } from './release-health/start-release-health';
import { startLoadingRemotePageAt } from './remotes/remote-page';
import { documentInPage } from './app/documents-in-page';
import { startApp } from './app/start-app';
import { readRemoteRegistryAtLoad } from './remotes/remote-registry';

// The page usually carries both files (the shell's server writes them in); else they are asked
// for now, which saves a round trip on remote pages. The page a remote serves here starts loading
// as soon as the registry names it.
const runtimeConfig = documentInPage('/env.json');
if (runtimeConfig && typeof runtimeConfig === 'object' && !Array.isArray(runtimeConfig)) setRuntimeConfig(runtimeConfig as Partial<RuntimeConfig>);
else void loadRuntimeConfig();
startLoadingRemotePageAt(window.location.pathname, readRemoteRegistryAtLoad());
startReleaseHealth();

// The app starts in a task of its own, after the one that ran React's and the router's code,
// so neither task blocks a slow phone for long.
setTimeout(() => startApp(document.getElementById('root') as HTMLElement));
