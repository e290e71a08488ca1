import type { ReactNode } from 'react';
import { Navigate, NavLink, useLocation } from '@samgyup/shared';
import { staffSessionStore, useStaffSession, type StaffMember } from '../session/staff-session';
import '../styles/staff.css';

const TABS = [
  { to: '/staff', label: 'Dashboard', end: true },
  { to: '/staff/reservations', label: 'Reservations' },
  { to: '/staff/tables', label: 'Tables' },
  { to: '/staff/refills', label: 'Refill queue' },
  { to: '/staff/reviews', label: 'Reviews' },
  { to: '/staff/menu', label: 'Menu' },
];

/**
 * Every console screen: reachable only with a staff session (else the staff
 * login, coming back here after), with the console's tabs and Log out.
 */
export function StaffPage({
  title,
  adminOnly = false,
  adminOnlyMessage = 'Only an admin can manage staff accounts.',
  children,
}: {
  title: string;
  adminOnly?: boolean;
  /** What a staff member who is not an admin reads instead of the screen. */
  adminOnlyMessage?: string;
  children: (staff: StaffMember) => ReactNode;
}) {
  const session = useStaffSession();
  const location = useLocation();
  if (!session) return <Navigate to={`/staff/login?next=${encodeURIComponent(location.pathname + location.search)}`} replace />;
  const tabs =
    session.staff.role === 'admin'
      ? [...TABS, { to: '/staff/settings', label: 'Settings' }, { to: '/staff/audit-log', label: 'Audit log' }, { to: '/staff/accounts', label: 'Staff' }]
      : TABS;
  return (
    <div className="staff-console">
      <div className="staff-console__bar">
        <p className="staff-console__who">
          Staff console · {session.staff.name} ({session.staff.role})
        </p>
        <button type="button" className="button button--ghost" onClick={() => staffSessionStore.signOut()}>
          Log out
        </button>
      </div>
      <nav className="staff-tabs" aria-label="Staff console">
        {tabs.map((tab) => (
          <NavLink key={tab.to} to={tab.to} end={'end' in tab} className="staff-tabs__link">
            {tab.label}
          </NavLink>
        ))}
      </nav>
      <section className="staff-screen" aria-labelledby="staff-screen-title">
        <h1 id="staff-screen-title">{title}</h1>
        {adminOnly && session.staff.role !== 'admin' ? <p role="alert">{adminOnlyMessage}</p> : children(session.staff)}
      </section>
    </div>
  );
}
