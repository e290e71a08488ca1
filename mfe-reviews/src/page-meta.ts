import type { PageMetaMap } from '@samgyup/build-kit/types/page-meta';

export const pageMeta = {
  '/feedback': {
    title: 'Reviews',
    description: 'What diners say about Samgyup Plaridel, with the restaurant’s answers, and how to leave a review of your own visit.',
  },
  '/feedback-form': { title: 'Write a review', index: false },
  '/feedback-submitted': { title: 'Thank you for your review', index: false },
} satisfies PageMetaMap;
