import { formatLongUsDate, formatPesos, isApiError, Link, siteConfig, slotLabel, useApiData, useSession } from '@samgyup/shared';
import { heldTablesLabel } from '@samgyup/shared/reservation';
import type { SavedReservation } from '../status/get-reservation';
import { getMyReservations, MY_RESERVATIONS_PATH, readMyReservations } from './get-my-reservations';
import '../styles/reservation.css';

const STATUS_WORDS: Record<SavedReservation['status'], string> = {
  pending: 'Waiting for confirmation',
  confirmed: 'Confirmed',
  declined: 'Declined',
  cancelled: 'Cancelled',
  no_show: 'No-show',
};
/** The status, saying who cancelled: the diner, the hold's end or the restaurant. */
const statusWords = (row: SavedReservation) =>
  row.status !== 'cancelled'
    ? STATUS_WORDS[row.status]
    : row.decided_by === 'customer'
      ? 'Cancelled by you'
      : row.decided_by === 'system'
        ? 'Hold ended'
        : 'Cancelled by the restaurant';
const PAYMENT_WORDS: Record<SavedReservation['payment_status'], string> = {
  pending: 'not paid yet',
  pending_review: 'proof being checked',
  paid: 'paid',
  rejected: 'proof not accepted',
};

/** /my-reservations: the logged-in diner's upcoming and past reservations, each opening its own page. */
export function MyReservationsPage() {
  const session = useSession();
  return (
    <section className="reservation-page reservation-page--narrow" aria-labelledby="my-reservations-title">
      <h1 id="my-reservations-title">My reservations</h1>
      {session ? (
        <MyReservationLists />
      ) : (
        <>
          <p>Please log in to see your reservations.</p>
          <Link className="button" to="/login-reservation">
            Log in
          </Link>
        </>
      )}
    </section>
  );
}

function MyReservationLists() {
  // Drawn by the site's server for a signed-in diner, the page starts from the reservations it was drawn with.
  const { state, retry } = useApiData('my-reservations', getMyReservations, { path: MY_RESERVATIONS_PATH, read: readMyReservations });
  if (state.status === 'loading') return <p role="status">Loading your reservations…</p>;
  if (state.status === 'error') {
    const loggedOut = isApiError(state.error) && state.error.status === 401;
    return (
      <div className="reservation-problem" role="alert">
        <p>
          {loggedOut
            ? 'Your login has ended. Please log in again.'
            : `Unable to load your reservations at the moment. Please try again, or call us at ${siteConfig.contact.phone}.`}
        </p>
        {loggedOut ? (
          <Link className="button button--secondary" to="/login-reservation">
            Log in
          </Link>
        ) : (
          <button type="button" className="button button--secondary" onClick={retry}>
            Try again
          </button>
        )}
      </div>
    );
  }
  return (
    <>
      <ReservationList title="Upcoming" rows={state.data.upcoming} empty="No upcoming reservations." withActions />
      <ReservationList title="Past" rows={state.data.past} empty="No past reservations." />
      {state.data.cancelled.length > 0 && <ReservationList title="Cancelled or declined" rows={state.data.cancelled} empty="" />}
      <Link className="button" to="/reservation-date">
        Make a reservation
      </Link>
    </>
  );
}

/** What the diner can do with a reservation from here: upload the proof it waits for, cancel or move it while it holds a table. */
function ReservationActions({ row }: { row: SavedReservation }) {
  const upcoming = row.status === 'pending' || row.status === 'confirmed';
  const waitingForProof = row.status === 'pending' && (row.payment_status === 'pending' || row.payment_status === 'rejected');
  if (!upcoming) return null;
  return (
    <span className="my-reservations__actions">
      {waitingForProof && (
        <Link className="button" to={`/reservation-upload?id=${row.id}`} aria-label={`Upload proof of payment for reservation #${row.id}`}>
          Upload proof of payment
        </Link>
      )}
      <Link className="button button--secondary" to={`/reservation-manage?id=${row.id}`} aria-label={`Cancel or move reservation #${row.id}`}>
        Cancel or move
      </Link>
    </span>
  );
}

function ReservationList({ title, rows, empty, withActions = false }: { title: string; rows: SavedReservation[]; empty: string; withActions?: boolean }) {
  return (
    <section aria-label={title}>
      <h2>{title}</h2>
      {rows.length === 0 ? (
        <p>{empty}</p>
      ) : (
        <ul className="my-reservations">
          {rows.map((row) => (
            <li key={row.id}>
              <Link to={`/${row.status === 'confirmed' ? 'reservation-confirmed' : 'reservation-pending'}?id=${row.id}`}>
                {`#${row.id} · ${formatLongUsDate(row.reservation_date)}, ${slotLabel(row.reservation_time)}`}
              </Link>
              <span>{`${heldTablesLabel(row)} · ${row.number_of_guests} People · ${statusWords(row)} · Down payment ${formatPesos(row.down_payment_due ?? 0)}: ${PAYMENT_WORDS[row.payment_status]}`}</span>
              {withActions && <ReservationActions row={row} />}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
