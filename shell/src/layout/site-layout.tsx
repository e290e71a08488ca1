import { Outlet, useLocation } from 'react-router-dom';
import { AccountMenu } from '../app/account-menu';
import { isConsolePath } from './console-scope';
import { RouteAnnouncer } from './route-announcer';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';

/** Header and footer around every page, the shell's and the remotes'; the staff console has its own header instead. */
export function SiteLayout() {
  const consolePage = isConsolePath(useLocation().pathname);
  return (
    <>
      <a className="skip-link" href="#main-content">
        Skip to content
      </a>
      {!consolePage && <SiteHeader accountArea={<AccountMenu />} />}
      <main id="main-content" tabIndex={-1}>
        <Outlet />
      </main>
      {!consolePage && <SiteFooter />}
      <RouteAnnouncer />
    </>
  );
}
