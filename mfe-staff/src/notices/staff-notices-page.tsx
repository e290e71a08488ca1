import { useState } from 'react';
import { StaffPage } from '../layout/staff-page';
import { NotLoaded, StaffMessage } from '../layout/staff-messages';
import { useStaffAction } from '../layout/use-staff-action';
import { useStaffData } from '../layout/use-staff-data';
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
  const { state, refresh } = useStaffData<FailedNotice[]>('staff-failed-notices', '/api/staff/notices?status=failed');
  const { message, busy, run } = useStaffAction({ refresh, failed: 'Not queued again. Please try again.' });
  const [retrying, setRetrying] = useState<number | null>(null);

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
              <button type="button" className="button button--secondary" disabled={busy && retrying === notice.id} onClick={() => void retry(notice)}>
                {`Send message #${notice.id} again`}
              </button>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
