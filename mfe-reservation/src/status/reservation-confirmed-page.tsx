import { Link, slotLabel } from '@samgyup/shared';
import { reservationCalendarFile } from '@samgyup/shared/reservation';
import { ReservationSummary } from '../draft/reservation-summary';
import { bookingEnding } from './booking-ended';
import type { SavedReservation } from './get-reservation';
import { ReservationStatusView } from './reservation-status-view';
import '../styles/reservation.css';

function downloadCalendarFile(reservation: SavedReservation) {
  const blob = new Blob([reservationCalendarFile(reservation)], { type: 'text/calendar;charset=utf-8' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = `samgyup-reservation-${reservation.id}.ics`;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** /reservation-confirmed?id=…: the confirmed reservation, with "Add to calendar". */
export function ReservationConfirmedPage() {
  return (
    <ReservationStatusView
      titleId="reservation-confirmed-title"
      title="Reservation confirmed!"
      titleFor={(reservation) => (reservation.status === 'confirmed' ? null : (bookingEnding(reservation)?.title ?? 'Reservation not confirmed yet'))}
      poll={false}
    >
      {(reservation) =>
        reservation.status === 'confirmed' ? (
          <>
            <ReservationSummary
              reservation={{
                ...reservation,
                time_label: slotLabel(reservation.reservation_time),
              }}
            />
            <p className="reservation-note">Please show screenshots of this page and your payment receipt at the table. Arrive early to avoid cancellation.</p>
            <button type="button" className="button" onClick={() => downloadCalendarFile(reservation)}>
              Add to calendar
            </button>
          </>
        ) : (
          <>
            <p>Reservation #{reservation.id} is not confirmed yet.</p>
            <Link className="button button--secondary" to={`/reservation-pending?id=${reservation.id}`}>
              See its status
            </Link>
          </>
        )
      }
    </ReservationStatusView>
  );
}
