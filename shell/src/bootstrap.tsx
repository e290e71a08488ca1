import { loadRuntimeConfig, setRuntimeConfig, type RuntimeConfig } from '@samgyup/shared';
import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { ShellRoutes } from './app/routes';
import { startReleaseHealth } from './release-health/start-release-health';
import { keepFirstScreen } from './remotes/first-screen';
import { startLoadingRemotePageAt } from './remotes/remote-page';
import { documentInPage } from './app/documents-in-page';
import { readRemoteRegistryAtLoad } from './remotes/remote-registry';

// The page usually carries both files (the shell's server writes them in); else they are asked
// for now, which saves a round trip on remote pages. The page a remote serves here starts loading
// as soon as the registry names it.
const runtimeConfig = documentInPage('/env.json');
if (runtimeConfig && typeof runtimeConfig === 'object' && !Array.isArray(runtimeConfig)) setRuntimeConfig(runtimeConfig as Partial<RuntimeConfig>);
else void loadRuntimeConfig();
startLoadingRemotePageAt(window.location.pathname, readRemoteRegistryAtLoad());
startReleaseHealth();

/**
 * The home page arrives drawn by the same components for the same address and
 * settings (prerender-home.cjs, then the shell's server with the owner's settings),
 * so React takes over its DOM as it is instead of drawing every node again: no
 * second layout and paint of the whole page on a slow phone. Every other page
 * starts from the layout drawn for no particular address (its links and Log in
 * are the address's own only once React draws them), so React draws it anew.
 */
const drawnForThisAddress = () => window.location.pathname === '/';

// React draws the live page (or takes over the home page) as a transition, so it
// yields to the browser. The app starts in a task of its own, after the one that
// ran React's and the router's code, so neither task blocks a slow phone for long.
setTimeout(() => {
  keepFirstScreen();
  const container = document.getElementById('root') as HTMLElement;
  const app = (
    <StrictMode>
      <BrowserRouter>
        <ShellRoutes />
      </BrowserRouter>
    </StrictMode>
  );
  if (drawnForThisAddress()) {
    // The page's first data travelled in the HTML; read (keepFirstScreen), it is no part of the page React takes over.
    for (const block of Array.from(container.querySelectorAll(':scope > script[data-api-answers]'))) block.remove();
    startTransition(() => {
      hydrateRoot(container, app);
    });
    return;
  }
  const root = createRoot(container);
  startTransition(() => {
    root.render(app);
  });
});
