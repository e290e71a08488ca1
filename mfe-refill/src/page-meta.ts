import type { PageMetaMap } from '@samgyup/build-kit/types/page-meta';

export const pageMeta = {
  '/refilling': {
    title: 'Refills at your table',
    description: 'Seated at Samgyup Plaridel? Enter your table code to ask for more meat, rice, side dishes or drinks and see your dining time.',
  },
  // The page a table's QR code opens: it asks for the code when there is none. The pages after it follow one party's requests.
  '/refill-request': {
    title: 'Request a refill',
    description: 'Ask for more meat, rice, side dishes or drinks from your table at Samgyup Plaridel, and watch your dining time.',
  },
  '/refill-request-submitted': { title: 'Refill requested', index: false },
  '/timesup': { title: 'Dining time is up', index: false },
} satisfies PageMetaMap;
