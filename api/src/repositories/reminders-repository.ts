import { RESTAURANT_UTC_OFFSET } from '@samgyup/shared/constants';
import type { Queryable } from '../db/database';

export type ReminderKind = 'first' | 'second';

/**
 * The key of one reminder of one reservation for one slot: a moved reservation
 * gets reminders for its new slot, and no reminder is thought of twice.
 */
export const reminderKey = (kind: ReminderKind, reservation: { id: number; reservation_date: string; reservation_time: string }) =>
  `reminder-${kind}:${reservation.id}:${reservation.reservation_date}T${reservation.reservation_time}`;

/**
 * Confirmed reservations whose `kind` reminder is due now: the first between
 * its lead time and the second's, the second from its lead time until the
 * slot starts, and neither sent (or queued) before for this slot.
 */
export async function listDueReminders(db: Queryable, kind: ReminderKind, policy: { first_reminder_minutes: number; second_reminder_minutes: number }) {
  const [from, until] = kind === 'first' ? [policy.first_reminder_minutes, policy.second_reminder_minutes] : [policy.second_reminder_minutes, 0];
  const rows = await db.query<{ id: number; reservation_date: string; reservation_time: string }>(
    `WITH slots AS (
       SELECT r.id, to_char(r.reservation_date, 'YYYY-MM-DD') AS reservation_date, r.reservation_time,
              (to_char(r.reservation_date, 'YYYY-MM-DD') || ' ' || r.reservation_time || ':00' || $1)::timestamptz AS starts_at
         FROM reservations r
        WHERE r.status = 'confirmed' AND r.reservation_date BETWEEN (now() - interval '1 day')::date AND (now() + make_interval(mins => $2::int) + interval '1 day')::date)
     SELECT s.id, s.reservation_date, s.reservation_time FROM slots s
      WHERE s.starts_at - make_interval(mins => $2::int) <= now() AND now() < s.starts_at - make_interval(mins => $3::int)
        AND NOT EXISTS (SELECT 1 FROM notices n WHERE n.dedupe_key = $4 || ':' || s.id || ':' || s.reservation_date || 'T' || s.reservation_time || ':email')
      ORDER BY s.starts_at LIMIT 200`,
    [RESTAURANT_UTC_OFFSET, from, until, `reminder-${kind}`],
  );
  return rows;
}
