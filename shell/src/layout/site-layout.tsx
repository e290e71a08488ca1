import { Outlet } from 'react-router-dom';
import { AccountMenu } from '../app/account-menu';
import { RouteAnnouncer } from './route-announcer';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';

/** Header and footer around every page, the shell's and the remotes'. */
export function SiteLayout() {
  return (
    <>
      <a className="skip-link" href="#main-content">
        Skip to content
      </a>
      <SiteHeader accountArea={<AccountMenu />} />
      <main id="main-content" tabIndex={-1}>
        <Outlet />
      </main>
      <SiteFooter />
      <RouteAnnouncer />
    </>
  );
}
