import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { keepFirstScreen } from '../remotes/first-screen';
import { ShellRoutes } from './routes';

/**
 * Whether React can take over the page the server sent (hydrate it) instead of drawing it again: the home
 * page, drawn for `/` (prerender-home.cjs), or a page whose layout the shell's server drew for this very
 * address around a remote's first screen (`data-drawn-for`, site-server's live-shell-screens.cjs). The
 * layout of app.html, drawn for no address (no link marked, Log in's way back unknown), is drawn again.
 */
function drawnForThisAddress(container: HTMLElement): boolean {
  const { pathname, search } = window.location;
  return pathname === '/' || container.dataset.drawnFor === `${pathname}${search}`;
}

/**
 * What the server sent in the page beside the drawing React takes over: the API answers it was drawn with
 * (read by then, keepFirstScreen) and the notice shown if the scripts never came. A first screen's own
 * answers stay: they are part of the markup the app keeps showing until the part's page is in.
 */
function removeAllButTheDrawing(container: HTMLElement): void {
  for (const node of Array.from(container.querySelectorAll(':scope > script[data-api-answers], :scope > .page-stalled'))) node.remove();
}

/**
 * Starts the app in `container` (#root): takes over a page drawn for this address as it is, with no second
 * layout and paint of the whole page on a slow phone; else draws it. Either as a transition, which yields
 * to the browser.
 */
export function startApp(container: HTMLElement): void {
  keepFirstScreen();
  const app = (
    <StrictMode>
      <BrowserRouter>
        <ShellRoutes />
      </BrowserRouter>
    </StrictMode>
  );
  if (drawnForThisAddress(container)) {
    removeAllButTheDrawing(container);
    startTransition(() => {
      hydrateRoot(container, app);
    });
    return;
  }
  const root = createRoot(container);
  startTransition(() => {
    root.render(app);
  });
}
