import { restaurantToday } from '@samgyup/shared/reservation';
import type { FastifyInstance } from 'fastify';
import type { Queryable } from '../db/database';
import { getBookingPolicy } from '../repositories/booking-policy-repository';
import { tablesLabel } from '@samgyup/shared/reservation';
import { lockTableSlots } from '../repositories/reservations-repository';
import { listActiveTableIds } from '../repositories/tables-repository';
import { lapseExpiredOffers, listSlotsWithWaitingParties, listWaitingParties, offerTable } from '../repositories/waitlist-repository';
import { waitlistOfferNotices } from './reservation-notices';
import { slotOptions } from './table-availability';
import { signedLink } from './signed-links';

/** Queues, in the transaction that freed a table-slot, the job that offers it to the waitlist. */
export function offerFreedSlotLater(app: FastifyInstance, tx: Queryable, slot: { date: string; time: string }): Promise<void> {
  return app.jobs.send(tx, 'waitlist-offer', slot);
}

/**
 * Offers the free tables of one date and slot to the waiting parties, first
 * come first, each the best fit that seats it (a single table or joined
 * tables: never one too small for the party). Every table of the
 * slot is locked first (in one order), so a booking or a move of the same
 * table-slot waits, and what is free is read under the locks. Safe to run
 * twice at once: an entry is offered only while it is waiting.
 */
export async function offerFreeTables(app: FastifyInstance, slot: { date: string; time: string }): Promise<number> {
  if (slot.date < restaurantToday()) return 0;
  const { noticeIds, offered } = await app.db.transaction(async (tx) => {
    const parties = await listWaitingParties(tx, slot.date, slot.time);
    if (parties.length === 0) return { noticeIds: [], offered: 0 };
    await lockTableSlots(tx, await listActiveTableIds(tx), slot.date, slot.time);
    const { waitlist_offer_minutes: minutes } = await getBookingPolicy(tx);
    const ids: number[] = [];
    let count = 0;
    for (const party of parties) {
      // Read again for each party: an offer just made holds its tables.
      const [fitting] = await slotOptions(tx, slot.date, slot.time, party.party_size);
      if (!fitting) continue;
      const expiresAt = await offerTable(tx, party.id, { tableId: fitting.table_id, combinationId: fitting.combination_id }, minutes);
      if (!expiresAt) continue;
      count += 1;
      const claimLink = signedLink(app.config.siteUrl, app.config.manageLinkSecret, 'waitlist-claim', party.id);
      ids.push(...(await app.notices.queue(tx, waitlistOfferNotices(party, { tables: tablesLabel(fitting.table_numbers), claimLink, expiresAt, minutes }))));
    }
    return { noticeIds: ids, offered: count };
  });
  await app.notices.deliverNow(noticeIds);
  return offered;
}

/** The sweep's part: offers that lapsed pass to the next party, and any slot with a free table and a waiting party gets an offer. */
export async function moveWaitlistAlong(app: FastifyInstance): Promise<void> {
  await lapseExpiredOffers(app.db);
  for (const slot of await listSlotsWithWaitingParties(app.db, restaurantToday())) await offerFreeTables(app, slot);
}
