import { formatLongUsDate, slotLabel, useApiData } from '@samgyup/shared';
import { formatRestaurantDateTime, type ReservationHistoryEntry } from '@samgyup/shared/reservation';
import { useCallback } from 'react';
import { staffData } from '../session/staff-session';

function getHistory(id: number, signal: AbortSignal): Promise<ReservationHistoryEntry[]> {
  return staffData(`/api/staff/reservations/${id}/history`, signal);
}

interface Place {
  date: string;
  time: string;
}

const place = (value: unknown) => {
  const where = value as Place | undefined;
  return where?.date && where?.time ? `${formatLongUsDate(where.date)}, ${slotLabel(where.time)}` : 'another slot';
};

function describe(entry: ReservationHistoryEntry): string {
  if (entry.action === 'cancel') return `Cancelled by ${entry.actor}`;
  if (entry.action === 'reschedule') return `Moved by ${entry.actor} from ${place(entry.details.from)} to ${place(entry.details.to)}`;
  if (entry.action === 'no_show') return `Marked as a no-show by ${entry.actor}`;
  return `Claimed from the waitlist by ${entry.actor}`;
}

/** Who cancelled, moved or marked the reservation, and when. */
export function ReservationHistory({ reservationId }: { reservationId: number }) {
  const load = useCallback((signal: AbortSignal) => getHistory(reservationId, signal), [reservationId]);
  const { state, retry } = useApiData(`reservation-history-${reservationId}`, load);
  if (state.status === 'loading') return <p role="status">Loading the history…</p>;
  if (state.status === 'error') {
    return (
      <p role="alert">
        The history could not be loaded.{' '}
        <button type="button" className="button button--ghost" onClick={retry}>
          Try again
        </button>
      </p>
    );
  }
  if (state.data.length === 0) return <p>No changes by the diner or staff.</p>;
  return (
    <section aria-label="History">
      <h3>History</h3>
      <ul>
        {state.data.map((entry) => (
          <li key={`${entry.at}-${entry.action}`}>{`${formatRestaurantDateTime(entry.at)}: ${describe(entry)}`}</li>
        ))}
      </ul>
    </section>
  );
}
