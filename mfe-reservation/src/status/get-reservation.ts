import { apiRequest } from '@samgyup/shared';

export interface SavedReservation {
  id: number;
  customer_name: string;
  email: string;
  phone: string;
  table_id: number;
  table_number?: number;
  occasion: string | null;
  number_of_guests: number;
  reservation_date: string | null;
  reservation_time: string;
  duration_hours?: number;
  payment_status: 'pending' | 'pending_review' | 'paid' | 'rejected';
  status: 'pending' | 'confirmed' | 'declined' | 'cancelled' | 'no_show';
  decline_reason?: string | null;
  down_payment_due?: number;
  /** While no proof has come: when the table stops being held. */
  hold_expires_at?: string | null;
}

/** GET /api/reservations/{id}: the owner's own reservation. */
export async function getReservation(id: number, signal?: AbortSignal): Promise<SavedReservation> {
  const answer = await apiRequest<{ data?: SavedReservation }>(`/api/reservations/${id}`, { auth: true, signal });
  if (!answer?.data || typeof answer.data.id !== 'number') throw new Error('The reservation answer had no data');
  return answer.data;
}

/** The reservation id from ?id=…, or null. */
export function reservationIdFrom(params: URLSearchParams): number | null {
  const id = Number(params.get('id'));
  return Number.isInteger(id) && id > 0 ? id : null;
}
