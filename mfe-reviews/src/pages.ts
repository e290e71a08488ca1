import type { RemotePagesModule } from '@samgyup/shared';
import { FeedbackSubmittedPage } from './submitted/feedback-submitted-page';

export const pages: RemotePagesModule['pages'] = {
  '/feedback-submitted': FeedbackSubmittedPage,
};
