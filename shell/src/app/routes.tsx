import { lazy, Suspense, type ComponentType } from 'react';
import type { RouteObject } from 'react-router-dom';
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
    errorElement: <ErrorPage />,
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
