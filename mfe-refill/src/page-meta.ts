import type { PageMetaMap } from '@samgyup/build-kit/types/page-meta';

export const pageMeta = {
  '/refilling': {
    title: 'Refills at your table',
    description: 'Seated at Samgyup Plaridel? Enter your table code to ask for more meat, rice, side dishes or drinks and see your dining time.',
  },
  // A seated party's own pages: they follow one table's code.
  '/refill-request': { title: 'Request a refill', index: false },
  '/refill-request-submitted': { title: 'Refill requested', index: false },
  '/timesup': { title: 'Dining time is up', index: false },
} satisfies PageMetaMap;
