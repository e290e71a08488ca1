import { useEffect, type ReactNode } from 'react';
import { Navigate, NavLink, useInBrowser, useLocation } from '@samgyup/shared';
import { staffSessionStore, useStaffSession, type StaffMember, type StaffSession } from '../session/staff-session';
import { alertSettings, markSeen, useAlertsEnabled, useLiveMode, useStaffLiveStream, useUnread, type CountedScreen } from '../live/staff-live';
import { ConsoleHeader } from './console-header';
import { ScreenErrorBoundary } from './screen-error-boundary';
import '../styles/staff.css';

const TABS: { to: string; label: string; counted?: CountedScreen; end?: boolean }[] = [
  { to: '/staff', label: 'Dashboard', end: true },
  { to: '/staff/reservations', label: 'Reservations', counted: 'reservations' },
  { to: '/staff/tables', label: 'Tables' },
  { to: '/staff/refills', label: 'Refill queue', counted: 'refills' },
  { to: '/staff/reviews', label: 'Reviews' },
  { to: '/staff/menu', label: 'Menu' },
  { to: '/staff/promos', label: 'Promos' },
  { to: '/staff/notices', label: 'Failed messages' },
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
  const inBrowser = useInBrowser();
  const session = useStaffSession();
  const location = useLocation();
  // Drawn ahead of time (the screen's first screen, sent in the HTML) with no login: the console's bar and the screen's title, waiting
  // for the script. Drawn by the site's server for a signed-in staff member (a screen the console lists in signedInFirstScreens): the screen itself.
  if (!inBrowser && !session) return <ConsoleFirstScreen title={title} />;
  if (!session) return <Navigate to={`/staff/login?next=${encodeURIComponent(location.pathname + location.search)}`} replace />;
  return (
    <StaffConsole session={session} title={title} adminOnly={adminOnly} adminOnlyMessage={adminOnlyMessage} ready={inBrowser}>
      {children}
    </StaffConsole>
  );
}

function ConsoleFirstScreen({ title }: { title: string }) {
  return (
    <div className="staff-console">
      <ConsoleHeader />
      <section className="staff-screen" aria-labelledby="staff-screen-title">
        <h1 id="staff-screen-title">{title}</h1>
        <p className="staff-screen__status" role="status">
          Loading the console...
        </p>
      </section>
    </div>
  );
}

function StaffConsole({
  session,
  title,
  adminOnly,
  adminOnlyMessage,
  ready,
  children,
}: {
  session: StaffSession;
  title: string;
  adminOnly: boolean;
  adminOnlyMessage: string;
  /** False while drawn on the server: its controls are shown disabled until the script runs. */
  ready: boolean;
  children: (staff: StaffMember) => ReactNode;
}) {
  const location = useLocation();
  const shown = TABS.find((tab) => location.pathname.startsWith(tab.to) && tab.to !== '/staff')?.counted;
  // The counted screens are the ones whose lists follow the stream.
  useStaffLiveStream(session.staff.id, shown ?? null);
  const unread = useUnread();
  const live = useLiveMode();
  const alerts = useAlertsEnabled();
  useEffect(() => {
    if (shown) markSeen(shown);
  }, [shown, unread]);
  const tabs =
    session.staff.role === 'admin'
      ? [
          ...TABS,
          { to: '/staff/settings', label: 'Settings' },
          { to: '/staff/booking-policy', label: 'Booking policy' },
          { to: '/staff/audit-log', label: 'Audit log' },
          { to: '/staff/accounts', label: 'Staff' },
          { to: '/staff/releases', label: 'Releases' },
        ]
      : TABS;
  return (
    <div className="staff-console">
      <ConsoleHeader>
        <p className="staff-console__who">
          {session.staff.name} ({session.staff.role})
        </p>
        {ready && live === 'polling' && (
          <p className="staff-console__live" role="status">
            Live updates paused; refreshing every few seconds.
          </p>
        )}
        <label className="staff-console__alerts">
          <input type="checkbox" checked={alerts} disabled={!ready} onChange={(event) => alertSettings.set(event.target.checked)} /> Sound and notification for new items
        </label>
        <button type="button" className="button button--ghost" disabled={!ready} onClick={() => staffSessionStore.signOut()}>
          Log out
        </button>
      </ConsoleHeader>
      <nav className="staff-tabs" aria-label="Staff console">
        {tabs.map((tab) => {
          const count = 'counted' in tab && tab.counted ? unread[tab.counted] : 0;
          return (
            <NavLink key={tab.to} to={tab.to} end={tab.end} className="staff-tabs__link">
              {tab.label}
              {count > 0 && (
                <span className="staff-tabs__unread" aria-label={`${count} new`}>
                  {count}
                </span>
              )}
            </NavLink>
          );
        })}
      </nav>
      <section className="staff-screen" aria-labelledby="staff-screen-title">
        <h1 id="staff-screen-title">{title}</h1>
        {adminOnly && session.staff.role !== 'admin' ? (
          <p role="alert">{adminOnlyMessage}</p>
        ) : (
          <ScreenErrorBoundary screenKey={location.pathname}>{children(session.staff)}</ScreenErrorBoundary>
        )}
      </section>
    </div>
  );
}
