import '@samgyup/shared/styles/tokens.css';
import './styles/global.css';
import { loadRuntimeConfig } from '@samgyup/shared';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { routes } from './app/routes';
import { loadRemoteRegistry } from './remotes/remote-registry';

// Both files are tiny; asking for them now saves a round trip on remote pages.
void loadRuntimeConfig();
void loadRemoteRegistry();

const router = createBrowserRouter(routes);

createRoot(document.getElementById('root') as HTMLElement).render(
  <StrictMode>
    <RouterProvider router={router} />
  </StrictMode>,
);
