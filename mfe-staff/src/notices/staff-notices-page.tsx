import { useInBrowser } from '@samgyup/shared';
import { useState } from 'react';
import { StaffPage } from '../layout/staff-page';
import { NotLoaded, StaffMessage } from '../layout/staff-messages';
import { useStaffAction } from '../layout/use-staff-action';
import { drawnListData, useStaffData } from '../layout/use-staff-data';
import { FailedRefundList } from '../payments/failed-refunds';
import { staffRequest } from '../session/staff-session';

interface FailedNotice {
  id: number;
  reservation_id: number | null;
  kind: string;
  channel: 'email' | 'sms';
  recipient: string;
  subject: string;
  attempts: number;
  last_error: string | null;
  created_at: string;
}

/**
 * /staff/notices: messages to diners that could not be sent after every retry, each with a button to send it
 * again, and refunds PayMongo refused, each with a retry for admins.
 */
export function StaffNoticesPage() {
  return (
    <StaffPage title="Failed messages">
      {() => (
        <>
          <FailedNoticeList />
          <FailedRefundList />
        </>
      )}
    </StaffPage>
  );
}

function FailedNoticeList() {
  // Drawn by the site's server for a logged-in tablet (package.json's signedInRouteData), the list starts from it.
  const { state, refresh } = useStaffData<FailedNotice[]>('staff-failed-notices', '/api/staff/notices?status=failed', null, drawnListData<FailedNotice>);
  const { message, busy, run } = useStaffAction({ refresh, failed: 'Not queued again. Please try again.' });
  const [retrying, setRetrying] = useState<number | null>(null);
  // False while drawn on the site's server: the buttons wait, disabled, for the script.
  const ready = useInBrowser();

  function retry(notice: FailedNotice) {
    setRetrying(notice.id);
    return run(() => staffRequest(`/api/staff/notices/${notice.id}/retry`, { method: 'POST' }));
  }

  if (state.status !== 'ready') return <NotLoaded state={state} loading="Loading failed messages…" what="the failed messages" onRetry={refresh} />;
  return (
    <>
      <StaffMessage message={message} />
      {state.data.length === 0 ? (
        <p>Every message went out. Messages that fail after every retry are listed here.</p>
      ) : (
        <ul className="staff-menu">
          {state.data.map((notice) => (
            <li key={notice.id}>
              <span>{`#${notice.id} · ${notice.channel === 'sms' ? 'Text' : 'Email'} to ${notice.recipient}${notice.reservation_id ? ` · Reservation #${notice.reservation_id}` : ''} · ${notice.kind}`}</span>
              <span>{`${notice.attempts} attempts · ${notice.last_error ?? 'no reason given'}`}</span>
              <button type="button" className="button button--secondary" disabled={!ready || (busy && retrying === notice.id)} onClick={() => void retry(notice)}>
                {`Send message #${notice.id} again`}
              </button>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
