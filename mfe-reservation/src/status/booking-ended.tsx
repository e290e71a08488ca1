import { Link, siteConfig } from '@samgyup/shared';
import type { ReservationRecord } from '@samgyup/shared/reservation';
import type { ReactNode } from 'react';

type Ending = Pick<ReservationRecord, 'status' | 'decided_by' | 'decline_reason'>;

/** How a booking stopped holding its table, in the diner's words; null while it still holds one (or after the visit). */
export function bookingEnding(reservation: Ending): { title: string; text: string } | null {
  const reason = reservation.decline_reason ? ` Reason: ${reservation.decline_reason}` : '';
  if (reservation.status === 'declined') {
    return { title: 'Reservation declined', text: `Sorry, we could not confirm this reservation.${reason} Please call us at ${siteConfig.contact.phone}.` };
  }
  if (reservation.status !== 'cancelled') return null;
  // Who cancelled (decided_by): the diner, the hold's end (the API's sweep), or staff (their email).
  if (reservation.decided_by === 'customer') return { title: 'Reservation cancelled', text: 'You cancelled this reservation, so its table went back to other diners.' };
  if (reservation.decided_by === 'system') {
    return { title: 'Reservation hold ended', text: 'The hold on this table ended before a proof of payment arrived, so the table went back to other diners.' };
  }
  return { title: 'Reservation cancelled', text: `The restaurant cancelled this reservation.${reason} Please call us at ${siteConfig.contact.phone} if you have questions.` };
}

/** A booking that no longer holds a table: what happened, what happens to the down payment, and what to do next. */
export function BookingEnded({ ending, downPayment }: { ending: { title: string; text: string }; downPayment?: ReactNode }) {
  return (
    <div className="reservation-problem" role="status" data-testid="booking-ended">
      <p>{ending.text}</p>
      {downPayment && <p>{downPayment}</p>}
      <p>To come another day, make a new reservation.</p>
      <Link className="button button--secondary" to="/reservation-date">
        Make another reservation
      </Link>
    </div>
  );
}
