// A minimal host so a remote's team can run and click through its pages
// without the shell or the other remotes (`npm run dev -w <remote>`).
import '@samgyup/shared/styles/tokens.css';
import type { RemotePagesModule } from '@samgyup/shared';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, Link, Outlet, RouterProvider } from 'react-router-dom';
import './dev-host.css';

function DevFrame({ title, paths }: { title: string; paths: string[] }) {
  return (
    <>
      <header className="dev-host__bar">
        <strong>{title} (standalone)</strong>
        <nav aria-label="Pages of this remote">
          {paths
            .filter((path) => !path.includes(':') && !path.includes('*'))
            .map((path) => (
              <Link key={path} to={path}>
                {path}
              </Link>
            ))}
        </nav>
      </header>
      <main id="main-content">
        <Outlet />
      </main>
    </>
  );
}

export function renderDevHost(title: string, { pages }: RemotePagesModule): void {
  const paths = Object.keys(pages);
  const router = createBrowserRouter([
    {
      element: <DevFrame title={title} paths={paths} />,
      children: [
        { path: '/', element: <p className="dev-host__hint">Pick a page above.</p> },
        ...paths.map((path) => {
          const Page = pages[path];
          return { path, element: <Page /> };
        }),
      ],
    },
  ]);
  createRoot(document.getElementById('root') as HTMLElement).render(
    <StrictMode>
      <RouterProvider router={router} />
    </StrictMode>,
  );
}
