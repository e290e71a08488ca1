import type { BookingPolicy } from '@samgyup/shared/reservation';
import type { Principal } from '../../plugins/auth';
import { recordAudit } from '../../repositories/audit-log-repository';
import { updateBookingPolicy, type BookingPolicyChange } from '../../repositories/booking-policy-repository';
import type { ServiceContext } from '../service-context';

/** An admin changes the booking policy, with its audit entry; every booking path reads it from then on. */
export function changeBookingPolicy(ctx: Pick<ServiceContext, 'db'>, admin: Principal, change: BookingPolicyChange): Promise<BookingPolicy> {
  return ctx.db.transaction(async (tx) => {
    const saved = await updateBookingPolicy(tx, change, admin.email);
    await recordAudit(tx, admin, 'booking-policy.update', 'Booking policy', change);
    return saved;
  });
}
