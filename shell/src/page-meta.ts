import type { PageMetaMap } from '@samgyup/build-kit/types/page-meta';

/** The shell's own pages (src/app/routes.tsx); each remote describes its own. */
export const pageMeta = {
  '/': {
    title: 'Samgyup Plaridel · Unlimited Korean barbecue in Plaridel, Bulacan',
    description:
      'All-you-can-eat Korean barbecue in Plaridel, Bulacan: unlimited samgyupsal, rice, sides and drinks. Browse the menu, read reviews, reserve a table and request refills from your table.',
  },
  '/login': { title: 'Log in', index: false },
  '/register': { title: 'Create an account', index: false },
  '/reset-password': { title: 'Reset your password', index: false },
  '/reset-success': { title: 'Password changed', index: false },
  '/privacy-policy': {
    title: 'Privacy Policy',
    description: 'What Samgyup Plaridel keeps about diners who reserve, review or request refills, why, and for how long.',
  },
  '/terms': {
    title: 'Terms & Conditions',
    description: 'The terms of reservations, down payments, dining time and refills at Samgyup Plaridel.',
  },
  '/test-env': { title: 'Site settings', index: false },
} satisfies PageMetaMap;
