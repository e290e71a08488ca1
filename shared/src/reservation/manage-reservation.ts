import { formatPesos } from '../format/format-pesos';

export type DownPaymentBasis = 'reservation' | 'guest' | 'group';

/** The down payment a party of `guests` is asked for, from the settings' amount and the policy's basis. */
export function downPaymentFor(pesos: number, policy: Pick<BookingPolicy, 'down_payment_per' | 'down_payment_group_size'>, guests: number): number {
  if (policy.down_payment_per === 'guest') return pesos * guests;
  if (policy.down_payment_per === 'group') return pesos * Math.ceil(guests / policy.down_payment_group_size);
  return pesos;
}

/** How the down payment is counted, in the owner's and the diner's words. */
export function downPaymentBasisLabel(pesos: number, policy: Pick<BookingPolicy, 'down_payment_per' | 'down_payment_group_size'>): string {
  if (policy.down_payment_per === 'guest') return `${formatPesos(pesos)} per guest`;
  if (policy.down_payment_per === 'group') return `${formatPesos(pesos)} per ${policy.down_payment_group_size} guests (or fewer)`;
  return `${formatPesos(pesos)} per reservation`;
}

/** The restaurant's booking policy, as the API answers it (GET /api/booking-policy). */
export interface BookingPolicy {
  /** Cancelling or moving closes this many hours before the slot. */
  change_cutoff_hours: number;
  /** A reservation cancelled in time gets its down payment back. */
  refund_on_cancel: boolean;
  /** A booking without a proof of payment holds its table this many minutes. */
  hold_minutes: number;
  /** Reminders go this many minutes before the slot. */
  first_reminder_minutes: number;
  second_reminder_minutes: number;
  /** A waitlist offer can be claimed for this many minutes. */
  waitlist_offer_minutes: number;
  /** The settings' down payment is asked once per reservation, per guest, or per started group of `down_payment_group_size` guests. */
  down_payment_per: DownPaymentBasis;
  down_payment_group_size: number;
  /** A booking paid online (PayMongo) is confirmed at once, without waiting for staff. */
  confirm_when_paid: boolean;
  updated_by: string | null;
  updated_at: string;
}

/** A reservation as its manage link shows it (GET /api/reservations/manage/:token). */
export interface ManagedReservation {
  id: number;
  customer_name: string;
  table_id: number;
  table_number: number;
  /** Every table it holds (joined tables for a group). */
  table_numbers: number[];
  number_of_guests: number;
  reservation_date: string;
  reservation_time: string;
  duration_hours: number;
  status: 'pending' | 'confirmed' | 'declined' | 'cancelled' | 'no_show';
  payment_status: 'pending' | 'pending_review' | 'paid' | 'rejected';
  down_payment_due: number;
  /** Until when (ISO instant) it can still be cancelled or moved; null when it cannot any more. */
  changes_until: string | null;
  /** What happens to the down payment on cancelling, in words. */
  down_payment_on_cancel: string;
}

/** One line of a reservation's history, for staff. */
export interface ReservationHistoryEntry {
  action: 'cancel' | 'reschedule' | 'no_show' | 'waitlist_claim' | 'payment' | 'refund';
  actor: string;
  details: Record<string, unknown>;
  at: string;
}
