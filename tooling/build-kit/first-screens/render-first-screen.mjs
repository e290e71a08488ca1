// Entry of the Node bundle build-first-screens.cjs makes of a remote: one route's
// page, in a router at that path, rendered to HTML once every lazy part is in.
// With `answers` (API path -> answer), the page is drawn with that data, and the
// answers travel with the HTML so the live page starts from them. `apiBaseUrl`
// (the API's public address, as /env.json gives it to browsers) makes the
// addresses a page builds from API data, its photos, the ones the browser uses.
import { apiAnswersMarkup, forgetApiAnswer, rememberApiAnswers, setRuntimeConfig } from 'remote-shared';
import * as sharedSessionModule from 'remote-shared-session';
import { createElement } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { MemoryRouter } from 'react-router-dom';
import { pages } from 'remote-pages';
import * as pageMetaModule from 'remote-page-meta';
import remotePackage from 'remote-package';

/**
 * The routes the remote has drawn for a signed-in visitor (`federation.signedInFirstScreens`):
 * the site's server reads their data with the visitor's login only for these.
 */
export const signedInFirstScreens = remotePackage.federation?.signedInFirstScreens ?? [];

/**
 * Of those, the routes also drawn at an address with a query (`federation.signedInQueryRouteData`),
 * at that very address: the site's server asks only a renderer that lists a route here to draw it so.
 */
export const signedInQueryFirstScreens = signedInFirstScreens.filter((route) => Boolean(remotePackage.federation?.signedInQueryRouteData?.[route]));

/**
 * @param {string} route
 * @param {Record<string, unknown>} [answers]
 * @param {{ apiBaseUrl?: string, search?: string }} [options]  `search`: the address's query ('?id=12'), for a page drawn at it
 */
export async function renderFirstScreen(route, answers = {}, { apiBaseUrl, search = '' } = {}) {
  const Page = pages[route];
  if (!Page) throw new Error(`pages has no ${route}`);
  if (apiBaseUrl !== undefined) setRuntimeConfig({ apiBaseUrl });
  rememberApiAnswers(answers);
  try {
    const { prelude } = await prerenderToNodeStream(createElement(MemoryRouter, { initialEntries: [route + search] }, createElement(Page)));
    let html = '';
    for await (const chunk of prelude) html += chunk;
    return Object.keys(answers).length === 0 ? html : html + apiAnswersMarkup(answers);
  } finally {
    for (const path of Object.keys(answers)) forgetApiAnswer(path);
  }
}

/**
 * `route` drawn for a signed-in visitor, with the answers the site's server read with their login
 * (the route's `signedInRouteData`, or at an address with the query `search` its `signedInQueryRouteData`):
 * `sessions` are the logins the visitor's browser keeps
 * (storage key -> value, from their cookies), which the page's session hooks read while it is
 * drawn. The site's server looks for this export and `signedInFirstScreens`: a renderer without
 * them is never asked to draw a signed-in page (site-server/src/first-screens/signed-in-first-screens.cjs).
 * @param {string} route
 * @param {Record<string, unknown>} answers
 * @param {{ apiBaseUrl?: string, sessions: Record<string, unknown>, search?: string }} options
 * @returns {Promise<string | null>} null when the remote's @samgyup/shared cannot draw a page signed in
 */
export async function renderSignedInFirstScreen(route, answers, { apiBaseUrl, sessions, search = '' }) {
  // Read from a copy of the module: a remote built against an older @samgyup/shared has no setServerSessions.
  const { setServerSessions } = { ...sharedSessionModule };
  if (typeof setServerSessions !== 'function' || !(search ? signedInQueryFirstScreens : signedInFirstScreens).includes(route)) return null;
  setServerSessions(sessions);
  try {
    return await renderFirstScreen(route, answers, { apiBaseUrl, search });
  } finally {
    setServerSessions({});
  }
}

/**
 * What the page at `route` says from the same answers (its items, prices, dates,
 * structured data): the remote's own `describePage` in src/page-meta.ts, if it has one.
 * @param {string} route
 * @param {Record<string, unknown>} [answers]
 */
export function describePage(route, answers = {}) {
  // Read from a copy of the module: most parts export no describePage, which a named import would refuse at build.
  const { describePage: describe } = { ...pageMetaModule };
  return typeof describe === 'function' ? describe(route, answers) : null;
}
