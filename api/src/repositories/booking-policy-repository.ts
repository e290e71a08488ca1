import type { BookingPolicy } from '@samgyup/shared/reservation';
import { queryOne, type Queryable } from '../db/database';

const COLUMNS = `change_cutoff_hours, refund_on_cancel, hold_minutes, first_reminder_minutes, second_reminder_minutes, waitlist_offer_minutes, down_payment_per, down_payment_group_size, confirm_when_paid, updated_by, updated_at`;

export async function getBookingPolicy(db: Queryable): Promise<BookingPolicy> {
  return (await queryOne<BookingPolicy>(db, `SELECT ${COLUMNS} FROM booking_policy WHERE id`))!;
}

/** A saved policy; a console released before the down payment by party size, or before online payment, leaves those as they were. */
export type BookingPolicyChange = Omit<BookingPolicy, 'updated_by' | 'updated_at' | 'down_payment_per' | 'down_payment_group_size' | 'confirm_when_paid'> &
  Partial<Pick<BookingPolicy, 'down_payment_per' | 'down_payment_group_size' | 'confirm_when_paid'>>;

export async function updateBookingPolicy(db: Queryable, change: BookingPolicyChange, by: string): Promise<BookingPolicy> {
  return (await queryOne<BookingPolicy>(
    db,
    `UPDATE booking_policy
        SET change_cutoff_hours = $1, refund_on_cancel = $2, first_reminder_minutes = $3, second_reminder_minutes = $4,
            waitlist_offer_minutes = $5, hold_minutes = $6, updated_by = $7, updated_at = now(),
            down_payment_per = coalesce($8, down_payment_per), down_payment_group_size = coalesce($9, down_payment_group_size),
            confirm_when_paid = coalesce($10, confirm_when_paid)
      WHERE id RETURNING ${COLUMNS}`,
    [
      change.change_cutoff_hours,
      change.refund_on_cancel,
      change.first_reminder_minutes,
      change.second_reminder_minutes,
      change.waitlist_offer_minutes,
      change.hold_minutes,
      by,
      change.down_payment_per ?? null,
      change.down_payment_group_size ?? null,
      change.confirm_when_paid ?? null,
    ],
  ))!;
}
