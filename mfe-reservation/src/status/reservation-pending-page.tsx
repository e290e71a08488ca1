import { Link, slotLabel, useApiData, useNavigate } from '@samgyup/shared';
import { useCallback, useEffect } from 'react';
import { ReservationSummary } from '../draft/reservation-summary';
import { getManagedReservation } from '../manage/manage-reservation-api';
import { BookingEnded, bookingEnding } from './booking-ended';
import type { SavedReservation } from './get-reservation';
import { ReservationStatusView } from './reservation-status-view';
import '../styles/reservation.css';

const PAYMENT_WORDS: Record<SavedReservation['payment_status'], string> = {
  pending: 'Waiting for your proof of payment',
  pending_review: 'Pending review',
  paid: 'Paid',
  rejected: 'Rejected',
};

/**
 * /reservation-pending?id=…: submitted, waiting for staff; follows the status until confirmed. A booking that
 * stopped holding its table (cancelled, declined, its hold ended) is named for what happened instead.
 */
export function ReservationPendingPage() {
  return (
    <ReservationStatusView titleId="reservation-pending-title" title="Reservation submitted!" titleFor={pendingPageTitle} poll>
      {(reservation) => <PendingDetails reservation={reservation} />}
    </ReservationStatusView>
  );
}

/** What the page shows, when it is not a booking waiting for the restaurant: how it ended, or that its day has passed. */
function pendingPageTitle(reservation: SavedReservation): string | null {
  if (reservation.status === 'no_show') return 'Reservation passed';
  return bookingEnding(reservation)?.title ?? null;
}

function PendingDetails({ reservation }: { reservation: SavedReservation }) {
  const navigate = useNavigate();
  useEffect(() => {
    if (reservation.status === 'confirmed') void navigate(`/reservation-confirmed?id=${reservation.id}`, { replace: true });
  }, [reservation.status, reservation.id, navigate]);

  const ending = bookingEnding(reservation);
  const waitingForProof = reservation.status === 'pending' && (reservation.payment_status === 'pending' || reservation.payment_status === 'rejected');
  return (
    <>
      <p className="reservation-id">
        Reservation ID: <strong>#{reservation.id}</strong>
      </p>
      <ReservationSummary
        reservation={{
          ...reservation,
          id: undefined,
          time_label: slotLabel(reservation.reservation_time),
        }}
      />
      <dl className="reservation-summary">
        <div>
          <dt>Payment status</dt>
          <dd data-testid="payment-status" data-payment-status={reservation.payment_status}>
            {PAYMENT_WORDS[reservation.payment_status]}
          </dd>
        </div>
      </dl>
      {reservation.status === 'no_show' ? (
        <p className="reservation-note" role="status">
          This reservation has passed: our staff recorded that the party did not come.
        </p>
      ) : ending ? (
        <BookingEnded
          ending={ending}
          downPayment={reservation.status === 'cancelled' && reservation.decided_by === 'customer' ? <CancelledDownPayment id={reservation.id} /> : null}
        />
      ) : (
        <>
          <p className="reservation-note" role="status">
            Our staff will check your payment and confirm your reservation by text message to {reservation.phone}. This page updates by itself once it is confirmed.
          </p>
          {waitingForProof && (
            <p>
              {reservation.payment_status === 'rejected' ? 'Your proof of payment was not accepted: please upload another.' : 'We have not received your proof of payment yet.'}{' '}
              <Link className="button" to={`/reservation-upload?id=${reservation.id}`}>
                Upload proof of payment
              </Link>
            </p>
          )}
        </>
      )}
    </>
  );
}

/** What happens to the down payment of a booking the diner cancelled: what they were told when cancelling. */
function CancelledDownPayment({ id }: { id: number }) {
  const load = useCallback((signal: AbortSignal) => getManagedReservation({ id }, signal), [id]);
  const { state, retry } = useApiData(`manage-id-${id}`, load);
  if (state.status === 'loading') return <span role="status">Loading what happens to your down payment…</span>;
  if (state.status === 'error') {
    return (
      <>
        We could not load what happens to your down payment.{' '}
        <button type="button" className="button button--secondary" onClick={retry}>
          Try again
        </button>
      </>
    );
  }
  return <>{state.data.down_payment_on_cancel}</>;
}
