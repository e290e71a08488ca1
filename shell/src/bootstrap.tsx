import { loadRuntimeConfig } from '@samgyup/shared';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { routes } from './app/routes';
import { keepFirstScreen } from './remotes/first-screen';
import { readRemoteRegistry } from './remotes/remote-registry';

// Both files are tiny; asking for them now saves a round trip on remote pages.
void loadRuntimeConfig();
void readRemoteRegistry();

// The home page arrives prerendered (see prerender-home.cjs), a remote page with its
// first screen; React draws the live page in its place, as a transition, so it
// yields to the browser. The app starts in a task of its own, after the one that
// ran React's and the router's code, so neither task blocks a slow phone for long.
setTimeout(() => {
  const router = createBrowserRouter(routes);
  keepFirstScreen();
  const root = createRoot(document.getElementById('root') as HTMLElement);
  startTransition(() => {
    root.render(
      <StrictMode>
        <RouterProvider router={router} />
      </StrictMode>,
    );
  });
});
