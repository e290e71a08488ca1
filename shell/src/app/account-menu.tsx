import { sessionStore, useSession } from '@samgyup/shared';
import { Link, useLocation } from 'react-router-dom';
import { APP_SHELL_PATH } from './app-shell-path';

/** Who is logged in, with Log out; or a Log in link that brings the visitor back here. */
export function AccountMenu() {
  const session = useSession();
  const { pathname, search } = useLocation();
  if (!session) {
    const back = `${pathname}${search}`;
    // Drawn into the app shell at build time, the page's own address is not known yet. The home page is drawn once
    // for `/` and taken over as drawn whatever its query (a shared link's `?utm_source=…`): Log in goes home from it.
    const to = pathname === '/' || pathname.endsWith(APP_SHELL_PATH) ? '/login' : `/login?redirect=${encodeURIComponent(back)}`;
    return (
      <Link className="account-menu__link" to={to}>
        Log in
      </Link>
    );
  }
  return (
    <div className="account-menu">
      <span className="account-menu__name">
        <span className="visually-hidden">Logged in as </span>
        {session.displayName}
      </span>
      <button type="button" className="account-menu__logout" onClick={() => sessionStore.signOut('logout')}>
        Log out
      </button>
    </div>
  );
}
