import { RESTAURANT_UTC_OFFSET } from '@samgyup/shared/constants';
import type { BookingPolicy } from '@samgyup/shared/reservation';
import type { Reservation } from '../repositories/reservations-repository';

/** When a slot starts, as an instant. */
export function slotStart(date: string, time: string): Date {
  return new Date(`${date}T${time}:00${RESTAURANT_UTC_OFFSET}`);
}

/** When the visit ends: after this a manage link no longer works. */
export function visitEnd(reservation: Pick<Reservation, 'reservation_date' | 'reservation_time' | 'duration_hours'>): Date {
  return new Date(slotStart(reservation.reservation_date, reservation.reservation_time).getTime() + reservation.duration_hours * 3600_000);
}

/** Until when a diner may still cancel or move it; null when that time has passed or it no longer holds a table. */
export function changesUntil(policy: BookingPolicy, reservation: Reservation, now = new Date()): Date | null {
  if (reservation.status !== 'pending' && reservation.status !== 'confirmed') return null;
  const until = new Date(slotStart(reservation.reservation_date, reservation.reservation_time).getTime() - policy.change_cutoff_hours * 3600_000);
  return until > now ? until : null;
}

/** What happens to the down payment when the diner cancels, said as the page and the messages say it. */
export function downPaymentOnCancel(policy: BookingPolicy, reservation: Reservation): string {
  const amount = `₱${reservation.down_payment_due}`;
  if (reservation.payment_status === 'pending') return 'No down payment has been paid, so nothing is refunded or kept.';
  if (reservation.payment_status === 'rejected') return 'Your payment proof was not accepted, so nothing is kept.';
  return policy.refund_on_cancel
    ? `Your ${amount} down payment is refunded to the account you paid from within 7 days.`
    : `Your ${amount} down payment is not refunded.`;
}

