import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router-dom';
import { routes } from '../app/routes';

/**
 * The home page as HTML, rendered at build time with the same routes and
 * components as the browser, so the first paint needs no script. The browser
 * then renders the live page in its place (same markup, no shift).
 */
export async function renderHomePage(): Promise<string> {
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request('http://localhost/'));
  if (context instanceof Response) throw new Error(`Prerendering / answered ${context.status}`);
  const router = createStaticRouter(handler.dataRoutes, context);
  return renderToString(<StaticRouterProvider router={router} context={context} hydrate={false} />);
}
