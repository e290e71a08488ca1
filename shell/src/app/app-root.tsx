import { ScrollRestoration } from 'react-router-dom';
import { SiteLayout } from '../layout/site-layout';

export function AppRoot() {
  return (
    <>
      <ScrollRestoration />
      <SiteLayout />
    </>
  );
}
