import type { PageMetaMap } from '@samgyup/build-kit/types/page-meta';

// The console is for staff only: no screen of it is ever a search result.
export const pageMeta = {
  '/staff': { title: 'Dashboard · Staff', index: false },
  '/staff/login': { title: 'Staff log in', index: false },
  '/staff/reservations': { title: 'Reservations · Staff', index: false },
  '/staff/tables': { title: 'Tables · Staff', index: false },
  '/staff/refills': { title: 'Refill queue · Staff', index: false },
  '/staff/reviews': { title: 'Reviews · Staff', index: false },
  '/staff/menu': { title: 'Menu · Staff', index: false },
  '/staff/promos': { title: 'Promos · Staff', index: false },
  '/staff/notices': { title: 'Failed messages · Staff', index: false },
  '/staff/booking-policy': { title: 'Booking policy · Staff', index: false },
  '/staff/settings': { title: 'Settings · Staff', index: false },
  '/staff/audit-log': { title: 'Audit log · Staff', index: false },
  '/staff/accounts': { title: 'Accounts · Staff', index: false },
  '/staff/releases': { title: 'Releases · Staff', index: false },
} satisfies PageMetaMap;
