import { useEffect } from 'react';
import { ScrollRestoration, useLocation } from 'react-router-dom';
import { SessionExpiryRedirect } from '../account/session-expiry-redirect';
import { SiteLayout } from '../layout/site-layout';
import { shellPageTitle, showPageTitle } from './page-title';

export function AppRoot() {
  // The live app has taken over from the prerendered page (tests and tools wait for this).
  useEffect(() => document.documentElement.setAttribute('data-app-ready', ''), []);
  // The shell names its own pages; a remote's page is named once its route is found (RemoteOrNotFound).
  const { pathname } = useLocation();
  useEffect(() => {
    const title = shellPageTitle(pathname);
    if (title) showPageTitle(title);
  }, [pathname]);
  return (
    <>
      <ScrollRestoration />
      <SessionExpiryRedirect />
      <SiteLayout />
    </>
  );
}
