import { Link, siteConfig, slotLabel, useNavigate } from '@samgyup/shared';
import { useEffect } from 'react';
import { ReservationSummary } from '../draft/reservation-summary';
import type { SavedReservation } from './get-reservation';
import { ReservationStatusView } from './reservation-status-view';
import '../styles/reservation.css';

const PAYMENT_WORDS: Record<SavedReservation['payment_status'], string> = {
  pending: 'Waiting for your proof of payment',
  pending_review: 'Pending review',
  paid: 'Paid',
  rejected: 'Rejected',
};

/** /reservation-pending?id=…: submitted, waiting for staff; follows the status until confirmed. */
export function ReservationPendingPage() {
  return (
    <ReservationStatusView titleId="reservation-pending-title" title="Reservation submitted!" poll>
      {(reservation) => <PendingDetails reservation={reservation} />}
    </ReservationStatusView>
  );
}

function PendingDetails({ reservation }: { reservation: SavedReservation }) {
  const navigate = useNavigate();
  useEffect(() => {
    if (reservation.status === 'confirmed') void navigate(`/reservation-confirmed?id=${reservation.id}`, { replace: true });
  }, [reservation.status, reservation.id, navigate]);

  const declined = reservation.status === 'declined' || reservation.status === 'cancelled';
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
          <dd data-testid="payment-status">{reservation.payment_status}</dd>
        </div>
        <div>
          <dt>Payment</dt>
          <dd>{PAYMENT_WORDS[reservation.payment_status]}</dd>
        </div>
      </dl>
      {reservation.status === 'no_show' ? (
        <p className="reservation-note" role="status">
          This reservation has passed: our staff recorded that the party did not come.
        </p>
      ) : declined ? (
        <div className="reservation-problem" role="alert">
          <p>
            Sorry, we could not confirm this reservation.
            {reservation.decline_reason ? ` Reason: ${reservation.decline_reason}` : ''} Please call us at {siteConfig.contact.phone}.
          </p>
          <Link className="button button--secondary" to="/reservation-date">
            Make another reservation
          </Link>
        </div>
      ) : (
        <p className="reservation-note" role="status">
          Our staff will check your payment and confirm your reservation by text message to {reservation.phone}. This page updates by itself once it is confirmed.
        </p>
      )}
    </>
  );
}
