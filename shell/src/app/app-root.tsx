import { useEffect } from 'react';
import { ScrollRestoration } from 'react-router-dom';
import { SessionExpiryRedirect } from '../account/session-expiry-redirect';
import { SiteLayout } from '../layout/site-layout';

export function AppRoot() {
  // The live app has taken over from the prerendered page (tests and tools wait for this).
  useEffect(() => document.documentElement.setAttribute('data-app-ready', ''), []);
  return (
    <>
      <ScrollRestoration />
      <SessionExpiryRedirect />
      <SiteLayout />
    </>
  );
}
