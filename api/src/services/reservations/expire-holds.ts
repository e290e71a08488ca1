import { expireUnpaidReservations } from '../../repositories/reservations-repository';
import { lapseExpiredOffers } from '../../repositories/waitlist-repository';
import type { Queryable } from '../../db/database';

/**
 * Bookings that waited longer than the policy's hold for a proof of payment
 * are cancelled, and waitlist offers past their time lapse; both give their
 * tables back: the one place holds expire, run by the booking sweep and before
 * a step that needs the freed table-slots (the database's unique index on
 * table_holds keeps a table held until then). Answers how many expired.
 */
export async function expireHolds(ctx: { db: Queryable }): Promise<number> {
  const bookings = await expireUnpaidReservations(ctx.db);
  return bookings + (await lapseExpiredOffers(ctx.db)).length;
}
