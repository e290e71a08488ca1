import { lazyPage, type RemotePagesModule } from '@samgyup/shared';

// Each page loads on demand, so a diner at the table downloads only what they open.
export const pages: RemotePagesModule['pages'] = {
  '/refilling': lazyPage(
    () => import('./table-code/table-code-page'),
    (m) => m.TableCodePage,
  ),
  '/refill-request': lazyPage(
    () => import('./refill-request/refill-request-page'),
    (m) => m.RefillRequestPage,
  ),
  '/refill-request-submitted': lazyPage(
    () => import('./submitted/refill-submitted-page'),
    (m) => m.RefillSubmittedPage,
  ),
  '/timesup': lazyPage(
    () => import('./times-up/times-up-page'),
    (m) => m.TimesUpPage,
  ),
};
