import { useEffect } from 'react';
import { useLocation, type Location } from 'react-router-dom';
import { SessionExpiryRedirect } from '../account/session-expiry-redirect';
import { SiteLayout } from '../layout/site-layout';
import { browserReports, SHELL_PART } from '../release-health/browser-reports';
import { shellPagePath, shellPageTitle, showPageTitle } from './page-title';
import { ScrollRestoration } from './scroll-restoration';

/**
 * Where a page's scroll position is kept. Every freshly opened address has the key
 * "default", so positions would carry from one opened address to the next (a page
 * opened half-way down); the first entry of each document is its own.
 */
const documentStart = `${Date.now()}`;
const scrollKey = (location: Location) => (location.key === 'default' ? `default:${documentStart}:${location.pathname}` : location.key);

export function AppRoot() {
  // The live app has taken over from the prerendered page (tests and tools wait for this).
  useEffect(() => document.documentElement.setAttribute('data-app-ready', ''), []);
  // The shell names its own pages; a remote's page is named once its route is found (RemoteOrNotFound).
  const { pathname } = useLocation();
  useEffect(() => {
    const title = shellPageTitle(pathname);
    if (title) showPageTitle(title);
    const route = shellPagePath(pathname);
    if (route) browserReports.view({ part: SHELL_PART, version: null, route });
  }, [pathname]);
  return (
    <>
      <ScrollRestoration getKey={scrollKey} />
      <SessionExpiryRedirect />
      <SiteLayout />
    </>
  );
}
