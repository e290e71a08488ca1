import { apiAnswersMarkup, forgetApiAnswer, rememberApiAnswers } from '@samgyup/shared';
import { renderToString } from 'react-dom/server';
import { MemoryRouter, StaticRouter } from 'react-router-dom';
import { APP_SHELL_PATH } from '../app/app-shell-path';
import { ShellRoutes } from '../app/routes';
import { CONSOLE_SCOPE } from '../layout/console-scope';
import { SiteFooter } from '../layout/site-footer';

export { siteConfig } from '@samgyup/shared/constants';
export { describeHomePage } from './describe-home-page';

/** API path -> answer: the owner's settings the layout and home page are drawn with (none at build time). */
type Answers = Record<string, unknown>;

/**
 * The home page as HTML, rendered at build time with the same routes and
 * components as the browser, so the first paint needs no script. The browser
 * then takes over this markup as it is (hydrates it: bootstrap.tsx). The shell's
 * server draws it again with the owner's settings (site-server/src/first-screens/live-shell-screens.cjs).
 */
export function renderHomePage(answers: Answers = {}): Promise<string> {
  return withAnswers(answers, () => renderPath('/'));
}

/** The footer alone, with the owner's settings, for every other page the server sends. */
export function renderFooter(answers: Answers = {}): Promise<string> {
  return withAnswers(answers, async () =>
    renderToString(
      <MemoryRouter>
        <SiteFooter />
      </MemoryRouter>,
    ),
  );
}

/** Renders with `answers` as the page's first data; they travel with the HTML (the live page starts from them). */
async function withAnswers(answers: Answers, render: () => Promise<string>): Promise<string> {
  rememberApiAnswers(answers);
  try {
    const html = await render();
    return Object.keys(answers).length === 0 ? html : html + apiAnswersMarkup(answers);
  } finally {
    for (const path of Object.keys(answers)) forgetApiAnswer(path);
  }
}

/**
 * The layout a remote's page is drawn into, for its own address (the active link, Log in's way back here) and
 * with the owner's settings; <main> holds the loading status, where the shell's server puts the route's first
 * screen. The browser takes this markup over as it is (bootstrap.tsx) instead of drawing the page again.
 */
export function renderLayoutAt(address: string, answers: Answers = {}): Promise<string> {
  return withAnswers(answers, () => renderPath(address));
}

/**
 * The page every other route starts from: header, footer and the loading status
 * React shows first. The shell's server puts a remote page's first screen in its
 * <main> when the remote has one (tooling/build-kit/first-screens).
 */
export function renderAppShell(): Promise<string> {
  return renderPath(APP_SHELL_PATH);
}

/** The same for the staff console's pages: the layout without the diners' header and footer, which the console has its own of. */
export function renderConsoleShell(): Promise<string> {
  return renderPath(`${CONSOLE_SCOPE}${APP_SHELL_PATH}`);
}

async function renderPath(path: string): Promise<string> {
  return renderToString(
    <StaticRouter location={path}>
      <ShellRoutes />
    </StaticRouter>,
  );
}
