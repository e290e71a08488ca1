// Entry of the Node bundle build-first-screens.cjs makes of a remote: one route's
// page, in a router at that path, rendered to HTML once every lazy part is in.
import { createElement } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { MemoryRouter } from 'react-router-dom';
import { pages } from 'remote-pages';

export async function renderFirstScreen(route) {
  const Page = pages[route];
  if (!Page) throw new Error(`pages has no ${route}`);
  const { prelude } = await prerenderToNodeStream(createElement(MemoryRouter, { initialEntries: [route] }, createElement(Page)));
  let html = '';
  for await (const chunk of prelude) html += chunk;
  return html;
}
