import { formatLongUsDate } from '@samgyup/shared';
import { heldTablesLabel } from '@samgyup/shared/reservation';

interface SummaryFields {
  id?: number;
  customer_name: string;
  email?: string;
  phone?: string;
  reservation_date: string | null;
  time_label: string;
  table_number: number | null;
  /** Every table held; absent or empty for a single table known by `table_number`. */
  table_numbers?: number[];
  number_of_guests: number;
  occasion?: string | null;
}

/** "Table 3" (the first version's words), "Tables 9 + 10", or the restaurant's choice still to come. */
function tableWords(held: Pick<SummaryFields, 'table_number' | 'table_numbers'>): string {
  return !held.table_numbers?.length && held.table_number === null ? 'The restaurant chooses the best table' : heldTablesLabel(held);
}

/**
 * The reservation's details as a description list, the same on every reservation page.
 * `idPending` says what stands for a number still to come (the upload page saving the
 * draft): the row is there from the start, so the rows below do not move when it arrives.
 */
export function ReservationSummary({ reservation, idPending }: { reservation: SummaryFields; idPending?: string }) {
  const idText = reservation.id ? `#${reservation.id}` : idPending;
  const rows: [string, string][] = [
    ...(idText ? ([['Reservation ID', idText]] as [string, string][]) : []),
    ['Name', reservation.customer_name],
    ...(reservation.email ? ([['Email', reservation.email]] as [string, string][]) : []),
    ...(reservation.phone ? ([['Phone', reservation.phone]] as [string, string][]) : []),
    ['Date', formatLongUsDate(reservation.reservation_date)],
    ['Time', reservation.time_label],
    ['Guests', `${reservation.number_of_guests} People`],
    ['Table', tableWords(reservation)],
    ...(reservation.occasion ? ([['Occasion', reservation.occasion]] as [string, string][]) : []),
  ];
  return (
    <dl className="reservation-summary">
      {rows.map(([label, value]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
