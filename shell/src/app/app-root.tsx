import { ScrollRestoration } from 'react-router-dom';
import { SessionExpiryRedirect } from '../account/session-expiry-redirect';
import { SiteLayout } from '../layout/site-layout';

export function AppRoot() {
  return (
    <>
      <ScrollRestoration />
      <SessionExpiryRedirect />
      <SiteLayout />
    </>
  );
}
