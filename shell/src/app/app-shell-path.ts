/**
 * The address the app shell is drawn at, at build time: the page every route but the
 * home page starts from (prerender/render-home-page.tsx), before its own page arrives.
 */
export const APP_SHELL_PATH = '/page-on-its-way';
