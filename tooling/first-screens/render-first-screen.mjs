// Entry of the Node bundle build-first-screens.cjs makes of a remote: one route's
// page, in a router at that path, rendered to HTML once every lazy part is in.
// With `answers` (API path -> answer), the page is drawn with that data, and the
// answers travel with the HTML so the live page starts from them.
import { apiAnswersMarkup, forgetApiAnswer, rememberApiAnswers } from '@samgyup/shared';
import { createElement } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { MemoryRouter } from 'react-router-dom';
import { pages } from 'remote-pages';

async function draw(Page, route, answers) {
  rememberApiAnswers(answers);
  try {
    const { prelude } = await prerenderToNodeStream(createElement(MemoryRouter, { initialEntries: [route] }, createElement(Page)));
    let html = '';
    for await (const chunk of prelude) html += chunk;
    return html;
  } finally {
    for (const path of Object.keys(answers)) forgetApiAnswer(path);
  }
}

export async function renderFirstScreen(route, answers = {}) {
  const Page = pages[route];
  if (!Page) throw new Error(`pages has no ${route}`);
  const html = await draw(Page, route, answers);
  if (Object.keys(answers).length === 0) return html;
  // A page that does not start from these answers draws the same without them: no data block then.
  return html === (await draw(Page, route, {})) ? html : html + apiAnswersMarkup(answers);
}
