// Types only: the API answers them, the staff console draws them.
export type { StaffDashboard } from './staff-dashboard';
