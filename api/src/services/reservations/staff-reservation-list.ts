import { addDaysToIsoDate, restaurantToday, type StaffReservationRecord } from '@samgyup/shared/reservation';
import type { Queryable } from '../../db/database';
import { listStaffReservations, type ReservationStatus } from '../../repositories/reservations-repository';
import { refundOwed } from './booking-rules';

/** Without dates, the list runs from today over this many days (a search runs over every date instead). */
export const STAFF_LIST_DAYS = 30;
/** The most rows one answer holds: a search by a common name stays a page, not the whole history. */
export const STAFF_LIST_LIMIT = 300;

export interface StaffListQuery {
  from?: string;
  to?: string;
  statuses?: ReservationStatus[];
  q?: string;
}

/** "#12" or "12" names a reservation; digits also match a phone number however it was written ("0917 555 0142", "+63 917…"). */
function searchOf(q: string) {
  const text = q.trim();
  const id = /^#?(\d{1,9})$/.exec(text);
  const digits = text.replace(/\D/g, '').replace(/^(63|0)/, '');
  return {
    pattern: `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`,
    phoneDigits: !text.startsWith('#') && digits.length >= 3 ? `%${digits}%` : null,
    id: id ? Number(id[1]) : null,
  };
}

/**
 * The staff reservations list: by status, dates and a search by name, email, phone
 * or number. From today over STAFF_LIST_DAYS unless dates are given; a search without
 * dates looks through every date, so a diner calling about a past visit is found.
 */
export async function listForStaff(db: Queryable, query: StaffListQuery): Promise<StaffReservationRecord[]> {
  const search = query.q?.trim() ? searchOf(query.q) : null;
  const from = query.from ?? (search ? null : restaurantToday());
  const to = query.to ?? (from && !search ? addDaysToIsoDate(from, STAFF_LIST_DAYS) : null);
  const rows = await listStaffReservations(db, { from, to, statuses: query.statuses?.length ? query.statuses : null, search, limit: STAFF_LIST_LIMIT });
  // A booking that no longer stands says where its refund is: the latest one made, or 'due' while one is owed.
  return rows.map(({ latest_refund, ...reservation }) => ({
    ...reservation,
    refund_status: reservation.status === 'cancelled' || reservation.status === 'declined' ? (latest_refund ?? (refundOwed(reservation) ? 'due' : null)) : null,
  }));
}
