import type { FastifyInstance } from 'fastify';
import { getBookingPolicy } from '../../repositories/booking-policy-repository';
import { listDueReminders, reminderKey, type ReminderKind } from '../../repositories/reminders-repository';
import { findReservation } from '../../repositories/reservations-repository';
import { reminderNotices } from './reservation-notices';
import { signedLink } from '../../lib/signed-links';

/**
 * The sweep's part: every due reminder becomes notices under its dedupe key
 * (one per reservation, kind and slot, whichever replica or restart thinks of
 * it), then goes out through the notices' lease.
 */
export async function queueDueReminders(app: FastifyInstance): Promise<number> {
  const policy = await getBookingPolicy(app.db);
  const ids: number[] = [];
  for (const kind of ['first', 'second'] as ReminderKind[]) {
    for (const due of await listDueReminders(app.db, kind, policy)) {
      const made = await app.db.transaction(async (tx) => {
        const reservation = await findReservation(tx, due.id);
        if (!reservation || reservation.status !== 'confirmed') return [];
        const link = signedLink(app.config.siteUrl, app.config.manageLinkSecret, 'reservation-manage', reservation.id);
        return app.notices.queue(tx, reminderNotices(reservation, { manageLink: link }, reminderKey(kind, due)));
      });
      ids.push(...made);
    }
  }
  await app.notices.deliverNow(ids);
  return ids.length;
}
