/**
 * A reservation as the API sends it (GET /api/reservations/:id, the staff
 * list, and the `data` of a booking, confirm or decline). The API's
 * repository returns this shape, and the pages read it, so the three agree.
 */
export type ReservationStatus = 'pending' | 'confirmed' | 'declined' | 'cancelled' | 'no_show';
export type ReservationPaymentStatus = 'pending' | 'pending_review' | 'paid' | 'rejected';

export interface ReservationRecord {
  id: number;
  customer_id: number;
  customer_name: string;
  email: string;
  phone: string;
  table_id: number;
  table_number: number;
  /** The combination of joined tables it holds, or null for a single table. */
  combination_id: number | null;
  /** Every table it holds, in order ([table_number] for a single table). */
  table_numbers: number[];
  occasion: string | null;
  number_of_guests: number;
  /** YYYY-MM-DD. */
  reservation_date: string;
  /** HH:MM, one of the slot starts. */
  reservation_time: string;
  duration_hours: number;
  /** What the client sent (0 in the first version). */
  payment_amount: number;
  /** The down payment the restaurant asks for, in pesos. */
  down_payment_due: number;
  payment_status: ReservationPaymentStatus;
  status: ReservationStatus;
  notes: string | null;
  has_payment_proof: boolean;
  decided_by: string | null;
  decided_at: string | null;
  decline_reason: string | null;
  /** While no proof has come: when the booking stops holding its table (the policy's hold after booking). */
  hold_expires_at: string | null;
  /** The calendar file's SEQUENCE: raised by every move and cancel. */
  calendar_sequence: number;
  created_at: string;
  updated_at: string;
}

/**
 * A row of the staff list (GET /api/staff/reservations): a paid booking that was
 * cancelled or declined says where its refund is, 'due' while none was made.
 */
export interface StaffReservationRecord extends ReservationRecord {
  refund_status: 'due' | 'requested' | 'sending' | 'pending' | 'succeeded' | 'failed' | null;
}
