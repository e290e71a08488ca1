import { Component, lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import { useLocation, useRoutes, type RouteObject } from 'react-router-dom';
import { ErrorPage } from '../pages/error-page';
import { HomePage } from '../pages/home/home-page';
import { RemoteLoading } from '../remotes/remote-page';
import { RemoteOrNotFound } from '../remotes/remote-or-not-found';
import { AppRoot } from './app-root';

/** Pages most visitors never open load on demand, keeping the home page light. */
function onDemand(load: () => Promise<ComponentType>) {
  const Page = lazy(async () => ({ default: await load() }));
  return (
    <Suspense fallback={<RemoteLoading label="the page" />}>
      <Page />
    </Suspense>
  );
}

/** The shell's own pages; every other path is looked up in the runtime remotes file. */
export const routes: RouteObject[] = [
  {
    path: '/',
    element: <AppRoot />,
    children: [
      { index: true, element: <HomePage /> },
      { path: 'login', element: onDemand(() => import('../account/login-page').then((m) => m.LoginPage)) },
      { path: 'register', element: onDemand(() => import('../account/register-page').then((m) => m.RegisterPage)) },
      { path: 'reset-password', element: onDemand(() => import('../account/reset-password-page').then((m) => m.ResetPasswordPage)) },
      { path: 'reset-success', element: onDemand(() => import('../account/reset-success-page').then((m) => m.ResetSuccessPage)) },
      { path: 'privacy-policy', element: onDemand(() => import('../pages/policy-pages').then((m) => m.PrivacyPolicyPage)) },
      { path: 'terms', element: onDemand(() => import('../pages/policy-pages').then((m) => m.TermsPage)) },
      { path: 'test-env', element: onDemand(() => import('../pages/test-env-page').then((m) => m.TestEnvPage)) },
      { path: '*', element: <RemoteOrNotFound /> },
    ],
  },
];

/**
 * Something in a page that broke while drawing: the error page instead of the whole
 * layout, until the visitor moves to another address (as a router's error element was).
 */
export class RouteErrorBoundary extends Component<{ locationKey: string; children: ReactNode }, { error: unknown; locationKey: string; failed: boolean }> {
  override state = { error: null as unknown, locationKey: this.props.locationKey, failed: false };

  static getDerivedStateFromError(error: unknown) {
    return { error, failed: true };
  }

  static getDerivedStateFromProps(props: { locationKey: string }, state: { locationKey: string }) {
    return props.locationKey === state.locationKey ? null : { error: null, failed: false, locationKey: props.locationKey };
  }

  override render() {
    return this.state.failed ? <ErrorPage error={this.state.error} /> : this.props.children;
  }
}

/**
 * The shell's pages, under whichever router the page has: BrowserRouter in the browser,
 * StaticRouter when the home page is drawn ahead of time. A declarative router: the data
 * router's code (loaders, actions, fetchers, none of which the site uses) was 17 KB gzip
 * of every first visit.
 */
export function ShellRoutes() {
  const { key } = useLocation();
  const page = useRoutes(routes);
  return <RouteErrorBoundary locationKey={key}>{page}</RouteErrorBoundary>;
}
