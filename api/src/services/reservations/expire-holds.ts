import { expireUnpaidReservations } from '../../repositories/reservations-repository';
import type { ServiceContext } from '../service-context';

/**
 * Bookings that waited longer than the policy's hold for a proof of payment
 * are cancelled and give their tables back: the one place holds expire, run
 * by the booking sweep and before a step that needs the freed table-slots.
 * Answers how many expired.
 */
export function expireHolds(ctx: Pick<ServiceContext, 'db'>): Promise<number> {
  return expireUnpaidReservations(ctx.db);
}
