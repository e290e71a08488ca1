import { staffData, staffRequest } from '../session/staff-session';

/** A reservation of today on a table, as the host stand sees it. */
export interface TonightReservation {
  id: number;
  customer_name: string;
  number_of_guests: number;
  status: string;
  slot_label: string;
  seated: boolean;
  /** Not seated 15 minutes into its slot. */
  late: boolean;
  /** Confirmed and not seated: one action seats it. */
  seatable: boolean;
}

export interface StaffTable {
  id: number;
  table_number: number;
  capacity: number;
  is_active: boolean;
  state: 'free' | 'reserved' | 'seated' | 'inactive';
  slot: string | null;
  /** A group seated on joined tables has one session, shown on each of its tables (`table_numbers`, absent from older APIs). */
  session: { id: number; table_code: string; remaining_sec: number; duration_sec: number; ends_at: string; table_numbers?: number[] } | null;
  reservation: { id: number; customer_name: string; number_of_guests: number; status: string } | null;
  /** Absent from APIs released before the host stand. */
  tonight?: TonightReservation[];
  /** The booking a walk-in seated now would run into. */
  booked_soon?: TonightReservation | null;
}

export const STAFF_TABLES_PATH = '/api/staff/tables';

export function listStaffTables(signal?: AbortSignal): Promise<StaffTable[]> {
  return staffData(STAFF_TABLES_PATH, signal);
}

export function openTableSession(tableNumber: number): Promise<{ message: string }> {
  return staffRequest<{ message: string }>('/api/staff/dining-sessions', { method: 'POST', body: { table_number: tableNumber } });
}

/** Opens the reservation's table with a code, linked to the reservation. */
export function seatReservation(reservationId: number): Promise<{ message: string }> {
  return staffRequest<{ message: string }>('/api/staff/dining-sessions', { method: 'POST', body: { reservation_id: reservationId } });
}

export function extendTableSession(sessionId: number, minutes: number): Promise<{ message: string }> {
  return staffRequest<{ message: string }>(`/api/staff/dining-sessions/${sessionId}/extend`, { method: 'POST', body: { minutes } });
}

export function closeTableSession(sessionId: number): Promise<{ message: string }> {
  return staffRequest<{ message: string }>(`/api/staff/dining-sessions/${sessionId}/close`, { method: 'POST', body: {} });
}

/** The address a diner's phone opens from the table's QR code: /refilling with the code filled in. */
export function refillAddress(tableCode: string, origin = window.location.origin): string {
  return `${origin}/refilling?code=${encodeURIComponent(tableCode)}`;
}
