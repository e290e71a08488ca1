import { formatLongUsDate, slotLabel, useApiData } from '@samgyup/shared';
import { heldTablesLabel } from '@samgyup/shared/reservation';
import { useCallback } from 'react';
import { staffData } from '../session/staff-session';
import { STATUS_WORDS, type StaffReservation } from './staff-reservation';

interface CustomerRecord {
  no_shows: number;
  reservations: {
    id: number;
    reservation_date: string;
    reservation_time: string;
    table_number: number;
    table_numbers?: number[];
    number_of_guests: number;
    status: StaffReservation['status'];
  }[];
}

/** How the customer's reservations ended, no-shows first of all, beside one of them. */
export function CustomerRecordView({ reservationId }: { reservationId: number }) {
  const load = useCallback((signal: AbortSignal) => staffData<CustomerRecord>(`/api/staff/reservations/${reservationId}/customer-record`, signal), [reservationId]);
  const { state, retry } = useApiData(`customer-record-${reservationId}`, load);
  if (state.status === 'loading') return <p role="status">Loading the customer's record…</p>;
  if (state.status === 'error') {
    return (
      <p role="alert">
        The customer's record could not be loaded.{' '}
        <button type="button" className="button button--ghost" onClick={retry}>
          Try again
        </button>
      </p>
    );
  }
  const others = state.data.reservations.filter((row) => row.id !== reservationId);
  return (
    <section aria-label="Customer record">
      <h3>Customer record</h3>
      <p>{state.data.no_shows === 0 ? 'No no-shows.' : `${state.data.no_shows} no-show${state.data.no_shows === 1 ? '' : 's'}.`}</p>
      {others.length > 0 && (
        <ul>
          {others.map((row) => (
            <li
              key={row.id}
            >{`#${row.id} · ${formatLongUsDate(row.reservation_date)}, ${slotLabel(row.reservation_time)} · ${heldTablesLabel(row)} · ${STATUS_WORDS[row.status]}`}</li>
          ))}
        </ul>
      )}
    </section>
  );
}
