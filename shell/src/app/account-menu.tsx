import { sessionStore, useSession } from '@samgyup/shared';
import { Link, useLocation } from 'react-router-dom';

/** Who is logged in, with Log out; or a Log in link that brings the visitor back here. */
export function AccountMenu() {
  const session = useSession();
  const { pathname, search } = useLocation();
  if (!session) {
    const back = `${pathname}${search}`;
    const to = back === '/' ? '/login' : `/login?redirect=${encodeURIComponent(back)}`;
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
