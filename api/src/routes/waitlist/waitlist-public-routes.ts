import { waitlistJoinSchema, waitlistMessages as messages, type WaitlistOffer } from '@samgyup/shared/validation';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { notFound } from '../../lib/http-error';
import { idFromLinkToken } from '../../lib/link-token';
import { parseInput } from '../../lib/parse-input';
import { rowIdParams } from '../../lib/row-id-params';
import { findWaitlistEntry, listCustomerWaitlist, type WaitlistEntry } from '../../repositories/waitlist-repository';
import { claimWaitlistOffer } from '../../services/reservations/claim-waitlist-offer';
import { joinWaitlist, leaveWaitlistByDiner } from '../../services/waitlist/waitlist-service';

const idParams = rowIdParams(messages.notFound);

/** What the claim page shows of an entry: never the contact details (the type the reservation remote reads). */
const offerView = (entry: WaitlistEntry): WaitlistOffer => ({
  id: entry.id,
  reservation_date: entry.reservation_date,
  reservation_time: entry.reservation_time,
  party_size: entry.party_size,
  status: entry.status,
  table_number: entry.offered_table_number,
  table_numbers: entry.offered_table_numbers,
  offer_expires_at: entry.offer_expires_at,
  reservation_id: entry.reservation_id,
});

/**
 * The waitlist: a diner joins for a fully booked date and slot; when a table
 * frees, the job queue offers it (services/waitlist/waitlist-service) and the party claims it
 * through the link in the message, atomically.
 */
export default async function waitlistPublicRoutes(app: FastifyInstance) {
  const secret = app.config.manageLinkSecret;

  const entryIdFrom = (request: FastifyRequest) => idFromLinkToken(request, secret, 'waitlist-claim', messages.badLink);

  app.post('/api/waitlist', async (request, reply) => {
    const principal = await app.authenticateCustomer(request);
    const form = parseInput(waitlistJoinSchema, request.body);
    const entry = await joinWaitlist(app, principal.id, form);
    reply.status(201);
    return { success: true, message: messages.joined, data: offerView(entry) };
  });

  app.get('/api/waitlist/mine', async (request) => {
    const principal = await app.authenticateCustomer(request);
    return { success: true, data: (await listCustomerWaitlist(app.db, principal.id)).map(offerView) };
  });

  app.delete('/api/waitlist/:id', async (request) => {
    const principal = await app.authenticateCustomer(request);
    const { id } = parseInput(idParams, request.params);
    await leaveWaitlistByDiner(app, principal.id, id);
    return { success: true, message: messages.left };
  });

  app.get('/api/waitlist/claim/:token', async (request, reply) => {
    const entry = await findWaitlistEntry(app.db, entryIdFrom(request));
    if (!entry) throw notFound(messages.badLink);
    reply.header('Cache-Control', 'private, no-store');
    return { success: true, data: offerView(entry) };
  });

  app.post('/api/waitlist/claim/:token', async (request, reply) => {
    const id = entryIdFrom(request);
    const principal = await app.authenticateCustomer(request);
    const reservation = await claimWaitlistOffer(app, principal.id, id);
    reply.status(201);
    return { success: true, message: messages.claimed, data: reservation };
  });
}
