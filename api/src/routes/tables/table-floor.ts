import { minutesOf, SLOT_MINUTES, slotLabel } from '@samgyup/shared/reservation';
import type { DiningSession } from '../../repositories/dining-repository';
import type { FloorReservation } from '../../repositories/reservations-repository';
import type { RestaurantTable } from '../../repositories/tables-repository';

/** A party this late into its slot, not yet seated, is flagged for the host. */
export const LATE_AFTER_MINUTES = 15;

export interface TonightReservation extends FloorReservation {
  slot_label: string;
  /** Not seated this long into its slot. */
  late: boolean;
  /** Confirmed and not seated: the host can seat it in one action. */
  seatable: boolean;
}

/**
 * Tonight on one table, for the host stand: its reservations of the day with
 * their state at `time` (HH:MM, restaurant clock), and the one a walk-in seated
 * now would run into (unseated, its slot starting within the next slot's length).
 */
export function tableTonight(table: RestaurantTable, reservations: FloorReservation[], session: DiningSession | null, time: string) {
  const now = minutesOf(time);
  const tonight: TonightReservation[] = reservations
    .filter((reservation) => reservation.table_id === table.id)
    .map((reservation) => {
      const start = minutesOf(reservation.reservation_time);
      return {
        ...reservation,
        slot_label: slotLabel(reservation.reservation_time),
        late: !reservation.seated && now >= start + LATE_AFTER_MINUTES && now < start + SLOT_MINUTES,
        seatable: !reservation.seated && reservation.status === 'confirmed' && now < start + SLOT_MINUTES,
      };
    });
  const bookedSoon =
    session === null
      ? (tonight.find((reservation) => {
          const start = minutesOf(reservation.reservation_time);
          return !reservation.seated && start + SLOT_MINUTES > now && start < now + SLOT_MINUTES;
        }) ?? null)
      : null;
  return { tonight, booked_soon: bookedSoon };
}
