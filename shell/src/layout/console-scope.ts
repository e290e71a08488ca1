/**
 * The staff console's addresses. Its pages bring their own header (the console's
 * bar and tabs), so the diners' header and footer, with their "Log in", stay off
 * them. The same scope as the staff app's manifest (build-icons-and-card.cjs) and
 * the site server's staff prefix (site-server/src/shell-server.cjs).
 */
export const CONSOLE_SCOPE = '/staff';

export const isConsolePath = (pathname: string) => pathname === CONSOLE_SCOPE || pathname.startsWith(`${CONSOLE_SCOPE}/`);
