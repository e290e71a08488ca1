import { lazyPage, type RemotePagesModule } from '@samgyup/shared';

// The console is for the counter tablet: each screen loads when it is opened.
export const pages: RemotePagesModule['pages'] = {
  '/staff': lazyPage(
    () => import('./dashboard/dashboard-page'),
    (m) => m.DashboardPage,
  ),
  '/staff/login': lazyPage(
    () => import('./login/staff-login-page'),
    (m) => m.StaffLoginPage,
  ),
  '/staff/reservations': lazyPage(
    () => import('./reservations/staff-reservations-page'),
    (m) => m.StaffReservationsPage,
  ),
  '/staff/tables': lazyPage(
    () => import('./tables/staff-tables-page'),
    (m) => m.StaffTablesPage,
  ),
  '/staff/refills': lazyPage(
    () => import('./refills/refill-queue-page'),
    (m) => m.RefillQueuePage,
  ),
  '/staff/reviews': lazyPage(
    () => import('./reviews/staff-reviews-page'),
    (m) => m.StaffReviewsPage,
  ),
  '/staff/menu': lazyPage(
    () => import('./menu/staff-menu-page'),
    (m) => m.StaffMenuPage,
  ),
  '/staff/promos': lazyPage(
    () => import('./promos/staff-promos-page'),
    (m) => m.StaffPromosPage,
  ),
  '/staff/notices': lazyPage(
    () => import('./notices/staff-notices-page'),
    (m) => m.StaffNoticesPage,
  ),
  '/staff/booking-policy': lazyPage(
    () => import('./booking-policy/booking-policy-page'),
    (m) => m.BookingPolicyPage,
  ),
  '/staff/settings': lazyPage(
    () => import('./settings/restaurant-settings-page'),
    (m) => m.RestaurantSettingsPage,
  ),
  '/staff/audit-log': lazyPage(
    () => import('./audit/audit-log-page'),
    (m) => m.AuditLogPage,
  ),
  '/staff/accounts': lazyPage(
    () => import('./accounts/staff-accounts-page'),
    (m) => m.StaffAccountsPage,
  ),
  '/staff/releases': lazyPage(
    () => import('./releases/releases-page'),
    (m) => m.ReleasesPage,
  ),
};
