import type { ReservationHistoryEntry } from '@samgyup/shared/reservation';
import type { Queryable } from '../db/database';

/** Records who did what to a reservation; pass the transaction that did it. */
export async function recordHistory(db: Queryable, reservationId: number, action: ReservationHistoryEntry['action'], actor: string, details: Record<string, unknown> = {}) {
  await db.query('INSERT INTO reservation_history (reservation_id, action, actor, details) VALUES ($1, $2, $3, $4::jsonb)', [
    reservationId,
    action,
    actor,
    JSON.stringify(details),
  ]);
}

export function listHistory(db: Queryable, reservationId: number): Promise<ReservationHistoryEntry[]> {
  return db.query<ReservationHistoryEntry>(
    `SELECT action, actor, details, to_char(at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS at
       FROM reservation_history WHERE reservation_id = $1 ORDER BY at, id`,
    [reservationId],
  );
}
