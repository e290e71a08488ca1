import { tablesLabel } from '@samgyup/shared/reservation';
import { waitlistJoinSchema, waitlistMessages } from '@samgyup/shared/validation';
import type { Queryable } from '../../db/database';
import { conflict, HttpError, notFound } from '../../lib/http-error';
import { signedLink } from '../../lib/signed-links';
import { getBookingPolicy } from '../../repositories/booking-policy-repository';
import { lockCustomer } from '../../repositories/customers-repository';
import { lockTableSlots } from '../../repositories/reservations-repository';
import { listActiveTableIds } from '../../repositories/tables-repository';
import {
  countActiveWaitlistEntries,
  findWaitlistEntry,
  insertWaitlistEntry,
  lapseExpiredOffers,
  leaveWaitlist,
  listSlotsWithWaitingParties,
  listWaitingParties,
  offerTable,
  type WaitlistEntry,
} from '../../repositories/waitlist-repository';
import { bookingProblem, checkBookingRules, loadBookingFacts, restaurantClock } from '../reservations/booking-rules';
import { expireHolds } from '../reservations/expire-holds';
import { waitlistOfferNotices } from '../notices/reservation-notices';
import type { ServiceContext } from '../service-context';
import { slotOptions } from '../table-availability';

/** Entries one account may have waiting or offered at once: enough for a family's plans, too few to flood the list. */
export const WAITLIST_ENTRIES_PER_CUSTOMER = 5;

export const waitlistLimitMessage = (most: number) => `You are already on the waitlist for ${most} dates and times. Leave one of them before joining another.`;

/** The join form, as its schema checked it. */
export type WaitlistJoinForm = ReturnType<typeof waitlistJoinSchema.parse>;

/** Queues, in the transaction that freed a table-slot, the job that offers it to the waitlist. */
export function offerFreedSlotLater(ctx: Pick<ServiceContext, 'jobs'>, tx: Queryable, slot: { date: string; time: string }): Promise<void> {
  return ctx.jobs.send(tx, 'waitlist-offer', slot);
}

/**
 * A diner joins the waitlist for a slot with no table free for their party:
 * the booking rules apply as to a booking (no table chosen yet, so the party
 * must fit the largest table or joined tables), only when nothing free seats
 * them, once per slot and at most
 * WAITLIST_ENTRIES_PER_CUSTOMER entries per account.
 */
export async function joinWaitlist(ctx: ServiceContext, customerId: number, form: WaitlistJoinForm): Promise<WaitlistEntry> {
  await checkBookingRules(ctx.db, ctx.config, { date: form.reservation_date, time: form.reservation_time, partySize: form.number_of_guests });
  const fitting = await slotOptions(ctx.db, form.reservation_date, form.reservation_time, form.number_of_guests);
  if (fitting.length > 0) throw conflict(waitlistMessages.tableFree);
  const id = await ctx.db.transaction(async (tx) => {
    // The account's row lock makes the count exact when one account joins many times at once.
    await lockCustomer(tx, customerId);
    if ((await countActiveWaitlistEntries(tx, customerId)) >= WAITLIST_ENTRIES_PER_CUSTOMER) {
      throw new HttpError(429, waitlistLimitMessage(WAITLIST_ENTRIES_PER_CUSTOMER));
    }
    return insertWaitlistEntry(tx, {
      customer_id: customerId,
      reservation_date: form.reservation_date,
      reservation_time: form.reservation_time,
      party_size: form.number_of_guests,
      customer_name: form.customer_name,
      email: form.email,
      phone: form.phone,
    });
  });
  if (id === null) throw conflict(waitlistMessages.alreadyWaiting);
  return (await findWaitlistEntry(ctx.db, id))!;
}

/** The diner leaves the waitlist; a table offered to them goes to the next party. */
export async function leaveWaitlistByDiner(ctx: ServiceContext, customerId: number, id: number): Promise<void> {
  const left = await ctx.db.transaction(async (tx) => {
    const entry = await findWaitlistEntry(tx, id, true);
    if (!entry || !(await leaveWaitlist(tx, id, customerId))) return false;
    if (entry.status === 'offered') await offerFreedSlotLater(ctx, tx, { date: entry.reservation_date, time: entry.reservation_time });
    return true;
  });
  if (!left) throw notFound(waitlistMessages.notFound);
}

/**
 * Offers the free tables of one date and slot to the waiting parties, first
 * come first, each the best fit that seats it (a single table or joined
 * tables: never one too small for the party), while the booking
 * rules still allow the slot (the owner may have closed it since they joined).
 * Every table of the slot is locked first (in one order), so a booking or a
 * move of the same table-slot waits, and what is free is read under the locks.
 * Safe to run twice at once: an entry is offered only while it is waiting.
 */
export async function offerFreeTables(ctx: ServiceContext, slot: { date: string; time: string }): Promise<number> {
  const { noticeIds, offered } = await ctx.db.transaction(async (tx) => {
    const parties = await listWaitingParties(tx, slot.date, slot.time);
    if (parties.length === 0) return { noticeIds: [], offered: 0 };
    const facts = await loadBookingFacts(tx, ctx.config, slot.date);
    const clock = restaurantClock(ctx.config);
    await lockTableSlots(tx, await listActiveTableIds(tx), slot.date, slot.time);
    // What looks free must also be free in table_holds, where an offer takes its tables.
    await expireHolds({ db: tx });
    const { waitlist_offer_minutes: minutes } = await getBookingPolicy(tx);
    const ids: number[] = [];
    let count = 0;
    for (const party of parties) {
      // Read again for each party: an offer just made holds its tables.
      const [fitting] = await slotOptions(tx, slot.date, slot.time, party.party_size);
      if (!fitting) continue;
      const request = { date: slot.date, time: slot.time, partySize: party.party_size };
      if (bookingProblem(facts, clock, request)) continue;
      const expiresAt = await offerTable(tx, party.id, { tableId: fitting.table_id, combinationId: fitting.combination_id }, minutes);
      if (!expiresAt) continue;
      count += 1;
      const claimLink = signedLink(ctx.config.siteUrl, ctx.config.manageLinkSecret, 'waitlist-claim', party.id);
      ids.push(...(await ctx.notices.queue(tx, waitlistOfferNotices(party, { tables: tablesLabel(fitting.table_numbers), claimLink, expiresAt, minutes }))));
    }
    return { noticeIds: ids, offered: count };
  });
  await ctx.notices.deliverNow(noticeIds);
  return offered;
}

/** The sweep's part: offers that lapsed pass to the next party, and any slot with a free table and a waiting party gets an offer. */
export async function moveWaitlistAlong(ctx: ServiceContext): Promise<void> {
  await lapseExpiredOffers(ctx.db);
  for (const slot of await listSlotsWithWaitingParties(ctx.db, restaurantClock(ctx.config).today)) await offerFreeTables(ctx, slot);
}
