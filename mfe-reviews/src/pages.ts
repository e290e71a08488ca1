import { lazyPage, type RemotePagesModule } from '@samgyup/shared';

// Each page loads on demand: the review form's validation never slows /feedback.
export const pages: RemotePagesModule['pages'] = {
  '/feedback': lazyPage(
    () => import('./feedback/feedback-page'),
    (m) => m.FeedbackPage,
  ),
  '/feedback-form': lazyPage(
    () => import('./feedback-form/feedback-form-page'),
    (m) => m.FeedbackFormPage,
  ),
  '/feedback-submitted': lazyPage(
    () => import('./submitted/feedback-submitted-page'),
    (m) => m.FeedbackSubmittedPage,
  ),
};
