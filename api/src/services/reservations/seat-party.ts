import { restaurantToday } from '@samgyup/shared/reservation';
import { badRequest, conflict, notFound } from '../../lib/http-error';
import type { Principal } from '../../plugins/auth';
import { openSession, ReservationSeatedError, TableBusyError, type DiningSession } from '../../repositories/dining-repository';
import { findReservation, type Reservation } from '../../repositories/reservations-repository';
import { findTableByNumber } from '../../repositories/tables-repository';
import { currentSettings } from '../restaurant-settings';
import type { ServiceContext } from '../service-context';

/**
 * Staff seat a party: a walk-in at a table, or a confirmed reservation of
 * today at its own table. A dining session opens with its table code, for the
 * owner's default dining time unless staff choose one. Answers the session and
 * the reservation seated (null for a walk-in).
 */
export async function seatParty(
  ctx: Pick<ServiceContext, 'db' | 'config'>,
  staff: Principal,
  seat: { reservationId?: number; tableNumber?: number; durationSec?: number },
): Promise<{ session: DiningSession; reservation: Reservation | null; tableNumber: number }> {
  const reservation = seat.reservationId === undefined ? null : await findReservation(ctx.db, seat.reservationId);
  if (seat.reservationId !== undefined) {
    if (!reservation) throw notFound('Reservation not found.');
    if (reservation.reservation_date !== restaurantToday()) throw conflict(`Reservation #${reservation.id} is for ${reservation.reservation_date}, not today.`);
    if (reservation.status !== 'confirmed') throw conflict(`Reservation #${reservation.id} is ${reservation.status}; only a confirmed reservation can be seated.`);
    // A group on joined tables is seated from any of them: one session, one table code, on its first table.
    if (seat.tableNumber !== undefined && !reservation.table_numbers.includes(seat.tableNumber)) {
      throw conflict(`Reservation #${reservation.id} is for table ${reservation.table_number}, not table ${seat.tableNumber}.`);
    }
  }
  const tableNumber = reservation?.table_number ?? seat.tableNumber;
  if (tableNumber === undefined) throw badRequest('Choose a table number.');
  const table = await findTableByNumber(ctx.db, tableNumber);
  if (!table) throw notFound(`There is no table ${tableNumber}.`);
  if (!table.is_active) throw conflict(`Table ${tableNumber} is not in use.`);
  // Unless staff choose a time, the party gets the owner's default dining time.
  const durationSec = seat.durationSec ?? (await currentSettings(ctx.db, ctx.config.downPaymentPesos)).dining_minutes * 60;
  try {
    const session = await ctx.db.transaction((tx) => openSession(tx, { tableId: table.id, durationSec, openedBy: staff.email, reservationId: reservation?.id }));
    return { session, reservation, tableNumber };
  } catch (error) {
    if (error instanceof ReservationSeatedError) throw conflict(`Reservation #${reservation?.id} is already seated.`);
    if (error instanceof TableBusyError) {
      throw conflict(`Table ${error.tableNumber ?? tableNumber} already has a dining session. Close it before opening a new one.`);
    }
    throw error;
  }
}
