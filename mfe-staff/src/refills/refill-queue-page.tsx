import { useInBrowser, usePolledApiData, type LiveMessage } from '@samgyup/shared';
import { heldTablesLabel } from '@samgyup/shared/reservation';
import { useEffect, useState } from 'react';
import { readFollowedList, useLiveMode, useStaffLiveEvents } from '../live/staff-live';
import { StaffPage } from '../layout/staff-page';
import { NotLoaded } from '../layout/staff-messages';
import { drawnList } from '../layout/use-staff-data';
import { staffErrorMessage, staffRequest } from '../session/staff-session';

export const QUEUE_REFRESH_MS = 5_000;

/** "Table 3", or "Tables 9 + 10" for a group seated on joined tables with one code. */

export interface QueuedRefill {
  id: number;
  table_number: number;
  /** A group on joined tables: all of them (absent from APIs before joined tables). */
  table_numbers?: number[];
  request_type: string;
  notes: string;
  items: { name: string; quantity: number }[];
  status: 'pending' | 'in_progress';
  age_sec: number;
  created_at?: string;
}

function age(seconds: number): string {
  if (seconds < 60) return 'just now';
  const minutes = Math.floor(seconds / 60);
  return minutes === 1 ? '1 minute ago' : `${minutes} minutes ago`;
}

/** A pushed event applied to the queue: a new request joins it, a finished one leaves it. */
export function applyRefillEvent(queue: QueuedRefill[], message: LiveMessage): QueuedRefill[] {
  if (message.kind === 'refill.created') {
    const refill = message as unknown as QueuedRefill;
    return queue.some((queued) => queued.id === refill.id) ? queue : [...queue, refill];
  }
  if (message.kind === 'refill.status') {
    const status = message.status as string;
    if (status !== 'pending' && status !== 'in_progress') return queue.filter((queued) => queued.id !== message.id);
    return queue.map((queued) => (queued.id === message.id ? { ...queued, status } : queued));
  }
  return queue;
}

/** Seconds since the request was made, on this tablet's clock (pushes carry no age that stays true). */
const ageOf = (refill: QueuedRefill, shownAt: number) =>
  refill.created_at ? Math.max(refill.age_sec, Math.floor((shownAt - Date.parse(refill.created_at)) / 1000)) : refill.age_sec;

/** /staff/refills: open refill requests, oldest first, kept up to date by live updates (polled when they cannot reach the console). */
export function RefillQueuePage() {
  return <StaffPage title="Refill queue">{() => <RefillQueue />}</StaffPage>;
}

/** The queue the screen was drawn with on the site's server. */
const DRAWN_QUEUE = drawnList<QueuedRefill>('/api/staff/refill-requests');

function RefillQueue() {
  const live = useLiveMode();
  // False while drawn on the site's server: the buttons wait, disabled, for the script.
  const ready = useInBrowser();
  const { state, refresh, update } = usePolledApiData(
    'staff-refill-queue',
    (signal) => readFollowedList('refills', signal, () => staffRequest<{ data: QueuedRefill[]; live_event_id?: string }>(DRAWN_QUEUE.path, { signal })),
    live === 'polling' ? QUEUE_REFRESH_MS : null,
    DRAWN_QUEUE,
  );
  useStaffLiveEvents((message) => update((queue) => applyRefillEvent(queue, message)), refresh);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 30_000);
    return () => clearInterval(timer);
  }, []);
  const [problem, setProblem] = useState<string | null>(null);
  const [busyId, setBusyId] = useState<number | null>(null);

  async function move(id: number, status: 'in_progress' | 'completed') {
    setBusyId(id);
    setProblem(null);
    try {
      await staffRequest(`/api/refill-requests/${id}/status`, { method: 'PATCH', body: { status } });
      update((queue) => applyRefillEvent(queue, { kind: 'refill.status', id, status }));
      // Live, the stream brings every other change; polling, the list is loaded again.
      if (live !== 'live') refresh();
    } catch (error) {
      setProblem(staffErrorMessage(error, 'The request was not updated. Please try again.'));
      refresh();
    } finally {
      setBusyId(null);
    }
  }

  if (state.status !== 'ready') return <NotLoaded state={state} loading="Loading refill requests…" what="the refill queue" onRetry={refresh} />;
  return (
    <>
      <p className="staff-queue-count" role="status" aria-live="polite">
        {state.data.length === 0 ? 'No refill requests waiting.' : `${state.data.length} waiting`}
        {state.refreshFailed ? ' (could not refresh just now)' : ''}
      </p>
      {problem && (
        <p className="staff-problem" role="alert">
          {problem}
        </p>
      )}
      <ol className="staff-queue">
        {state.data.map((refill) => (
          <li key={refill.id} className={`staff-refill staff-refill--${refill.status}`} aria-label={`${heldTablesLabel(refill)}: ${refill.request_type}`}>
            <div className="staff-refill__head">
              <h2>{heldTablesLabel(refill)}</h2>
              <span>{age(ageOf(refill, now))}</span>
              <span className={`staff-badge staff-badge--${refill.status}`}>{refill.status === 'pending' ? 'New' : 'In progress'}</span>
            </div>
            {refill.items.length > 0 ? (
              <ul className="staff-refill__items">
                {refill.items.map((item) => (
                  <li key={item.name}>
                    <strong>{item.quantity}×</strong> {item.name}
                  </li>
                ))}
              </ul>
            ) : (
              <p>General Refill</p>
            )}
            <div className="staff-actions">
              {refill.status === 'pending' && (
                <button type="button" className="button button--secondary" disabled={busyId === refill.id || !ready} onClick={() => void move(refill.id, 'in_progress')}>
                  In progress
                </button>
              )}
              <button type="button" className="button" disabled={busyId === refill.id || !ready} onClick={() => void move(refill.id, 'completed')}>
                Completed
              </button>
            </div>
          </li>
        ))}
      </ol>
    </>
  );
}
