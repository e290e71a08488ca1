import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router-dom';
import { routes } from '../app/routes';

/**
 * The home page as HTML, rendered at build time with the same routes and
 * components as the browser, so the first paint needs no script. The browser
 * then renders the live page in its place (same markup, no shift).
 */
export function renderHomePage(): Promise<string> {
  return renderPath('/');
}

/**
 * The page every other route starts from: header, footer and the loading status
 * React shows first. The shell's server puts a remote page's first screen in its
 * <main> when the remote has one (tooling/build-kit/first-screens).
 */
export function renderAppShell(): Promise<string> {
  return renderPath('/page-on-its-way');
}

async function renderPath(path: string): Promise<string> {
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(`http://localhost${path}`));
  if (context instanceof Response) throw new Error(`Prerendering ${path} answered ${context.status}`);
  const router = createStaticRouter(handler.dataRoutes, context);
  return renderToString(<StaticRouterProvider router={router} context={context} hydrate={false} />);
}
