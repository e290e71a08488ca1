import { apiRequest, usePolledApiData, useLiveStream, type LiveMessage } from '@samgyup/shared';
import type { TableRefillRequest } from '@samgyup/shared/validation';
import { useEffect, useState } from 'react';

/** How often the list is asked for again when live updates cannot reach the phone. */
export const STATUS_POLL_MS = 10_000;

/** A request of this table as the API lists it (the type is shared with the API). */
export type TableRefill = TableRefillRequest;

/** What the diner reads for each status: the staff's words for the kitchen's steps. */
export const STATUS_LABELS: Record<TableRefill['status'], string> = {
  pending: 'Received',
  in_progress: 'In progress',
  completed: 'Served',
  cancelled: 'Cancelled',
};

/** A pushed event applied to the table's list, newest first. */
export function applyTableEvent(list: TableRefill[], message: LiveMessage): TableRefill[] {
  const id = message.id as number;
  if (message.kind === 'refill.created' && !list.some((refill) => refill.id === id)) return [message as unknown as TableRefill, ...list];
  if (message.kind === 'refill.status') return list.map((refill) => (refill.id === id ? { ...refill, status: message.status as TableRefill['status'] } : refill));
  return list;
}

/** The table's list, and where its live stream stood as it was read (`live_event_id`). */
interface TableRefills {
  data: TableRefill[];
  live_event_id?: string;
}

async function listTableRefills(tableCode: string, signal: AbortSignal): Promise<TableRefills> {
  return apiRequest<TableRefills>(`/api/tables/${encodeURIComponent(tableCode)}/refill-requests`, { signal });
}

/**
 * The table's refill requests and where each stands, following the staff's
 * moves as they happen. The stream opens once the table has a request to
 * follow (a table that has asked for nothing keeps no connection open).
 */
export function RefillStatusList({ tableCode }: { tableCode: string }) {
  const path = `/api/tables/${encodeURIComponent(tableCode)}`;
  const [following, setFollowing] = useState(false);
  const [listedAt, setListedAt] = useState<string | null>(null);
  const live = useLiveStream({
    name: `table:${tableCode}`,
    enabled: following,
    // The stream opens once the list is read, and starts after where it stood then: the list is not read twice.
    after: listedAt,
    address: async () => ({ path: `${path}/live` }),
    onEvent: (message) => update((answer) => ({ ...answer, data: applyTableEvent(answer.data, message) })),
    onResync: () => refresh(),
  });
  const { state, refresh, update } = usePolledApiData(`table-refills:${tableCode}`, (signal) => listTableRefills(tableCode, signal), live === 'polling' ? STATUS_POLL_MS : null);
  const list = state.status === 'ready' ? state.data.data : [];
  const hasRequests = list.length > 0;
  const answeredAt = state.status === 'ready' ? (state.data.live_event_id ?? null) : null;
  // Set in the same commit as `following`, so the stream's first open starts after the list on screen.
  useEffect(() => setListedAt(answeredAt), [answeredAt]);
  useEffect(() => {
    if (hasRequests) setFollowing(true);
  }, [hasRequests]);

  // Below the form and shown only once there is something to show, so nothing above it moves.
  if (!hasRequests) return null;
  return (
    <section className="refill-requests" aria-labelledby="refill-requests-title">
      <h2 id="refill-requests-title">Your requests</h2>
      <ul aria-live="polite">
        {list.map((refill) => (
          <li key={refill.id} className={`refill-requests__item refill-requests__item--${refill.status}`}>
            <span>{refill.request_type}</span> <strong>{STATUS_LABELS[refill.status]}</strong>
          </li>
        ))}
      </ul>
      {live === 'polling' && <p className="refill-requests__note">Updates every few seconds.</p>}
    </section>
  );
}
