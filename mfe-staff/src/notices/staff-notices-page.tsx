import { usePolledApiData } from '@samgyup/shared';
import { useState } from 'react';
import { StaffPage } from '../layout/staff-page';
import { LoadFailed, StaffMessage, type StaffMessageText } from '../layout/staff-messages';
import { staffErrorMessage, staffRequest } from '../session/staff-session';

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

async function listFailedNotices(signal?: AbortSignal): Promise<FailedNotice[]> {
  return (await staffRequest<{ data: FailedNotice[] }>('/api/staff/notices?status=failed', { signal })).data;
}

/** /staff/notices: messages to diners that could not be sent after every retry, each with a button to send it again. */
export function StaffNoticesPage() {
  return <StaffPage title="Failed messages">{() => <FailedNoticeList />}</StaffPage>;
}

function FailedNoticeList() {
  const { state, refresh } = usePolledApiData('staff-failed-notices', listFailedNotices, null);
  const [message, setMessage] = useState<StaffMessageText | null>(null);
  const [busyId, setBusyId] = useState<number | null>(null);

  async function retry(notice: FailedNotice) {
    setBusyId(notice.id);
    try {
      const answer = await staffRequest<{ message: string }>(`/api/staff/notices/${notice.id}/retry`, { method: 'POST' });
      setMessage({ text: answer.message, problem: false });
    } catch (error) {
      setMessage({ text: staffErrorMessage(error, 'Not queued again. Please try again.'), problem: true });
    } finally {
      setBusyId(null);
      refresh();
    }
  }

  if (state.status === 'loading') return <p role="status">Loading failed messages…</p>;
  if (state.status === 'error') return <LoadFailed what="the failed messages" onRetry={refresh} />;
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
              <button type="button" className="button button--secondary" disabled={busyId === notice.id} onClick={() => void retry(notice)}>
                {`Send message #${notice.id} again`}
              </button>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
