import type { RouteObject } from 'react-router-dom';
import { ErrorPage } from '../pages/error-page';
import { HomePage } from '../pages/home/home-page';
import { TestEnvPage } from '../pages/test-env-page';
import { RemoteOrNotFound } from '../remotes/remote-or-not-found';
import { AppRoot } from './app-root';

/** The shell's own pages; every other path is looked up in the runtime remotes file. */
export const routes: RouteObject[] = [
  {
    path: '/',
    element: <AppRoot />,
    errorElement: <ErrorPage />,
    children: [
      { index: true, element: <HomePage /> },
      { path: 'test-env', element: <TestEnvPage /> },
      { path: '*', element: <RemoteOrNotFound /> },
    ],
  },
];
