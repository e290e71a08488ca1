import multipart from '@fastify/multipart';
import { daysInMonth, restaurantToday, toIsoDate } from '@samgyup/shared/reservation';
import { PAYMENT_PROOF_MAX_BYTES } from '@samgyup/shared/constants';
import { reservationPayloadSchema } from '@samgyup/shared/validation';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { createConcurrencyLimit } from '../../lib/concurrency-limit';
import { watchUploadPace } from '../../lib/upload-pace';
import { HttpError, notFound } from '../../lib/http-error';
import { idempotencyKeyOf } from '../../lib/idempotency-key';
import { parseInput } from '../../lib/parse-input';
import { rowIdParams } from '../../lib/row-id-params';
import { oneFileUpload } from '../../lib/read-file-part';
import type { Principal } from '../../plugins/auth';
import { DOCUMENT_SECURITY_HEADERS } from '../../plugins/security';
import { findPaymentProof, findReservation, listCustomerReservations, type Reservation } from '../../repositories/reservations-repository';
import { bookReservation } from '../../services/reservations/book-reservation';
import { currentSettings } from '../../services/restaurant-settings';
import { openTimeSlots } from '@samgyup/shared/settings';
import { GUESTS_MAX, GUESTS_MIN } from '@samgyup/shared/constants';
import { fullyBookedDates } from '../../services/table-availability';
import { attachReceivedProof, checkProofWanted, receivePaymentProof, type ReceivedProof } from '../../services/reservations/payment-proof';
import { reservationApiMessages as messages } from '../../services/reservations/reservation-messages';

/** Proof uploads a replica receives at once; the next wait their turn. */
const PROOF_UPLOADS_AT_ONCE = 1;

const monthQuery = z.object({
  year: z.coerce.number({ error: messages.badMonth }).int(messages.badMonth).min(1900, messages.badMonth).max(2099, messages.badMonth),
  month: z.coerce.number({ error: messages.badMonth }).int(messages.badMonth).min(1, messages.badMonth).max(12, messages.badMonth),
  // Fully booked for a party this size: no open slot has a table or joined tables seating it.
  guests: z.coerce.number({ error: messages.badGuests }).int(messages.badGuests).min(GUESTS_MIN, messages.badGuests).max(GUESTS_MAX, messages.badGuests).default(GUESTS_MIN),
});
const idParams = rowIdParams(messages.notFound);

/**
 * Reservations: fully booked days, booking (idempotent, one active booking per
 * table and slot enforced by the database), the owner's view and the payment
 * proof (docs/decisions.md 4, 5, 6, 8, 9, 12). The free tables of a slot are
 * tables/tables-public-routes.ts; staff decide in reservations-staff-routes.ts.
 */
export default async function reservationsPublicRoutes(app: FastifyInstance) {
  const proofUploads = createConcurrencyLimit(PROOF_UPLOADS_AT_ONCE);
  /** The reservation, when the caller is its owner or staff; 404 otherwise, so ids reveal nothing. */
  async function reservationFor(request: FastifyRequest): Promise<{ reservation: Reservation; principal: Principal }> {
    const claimed = app.authenticate(request);
    const principal = claimed.role === 'customer' ? await app.authenticateCustomer(request) : await app.authenticateStaff(request);
    const { id } = parseInput(idParams, request.params);
    const reservation = await findReservation(app.db, id);
    const allowed = reservation && (principal.role !== 'customer' || reservation.customer_id === principal.id);
    if (!allowed) throw notFound(messages.notFound);
    return { reservation, principal };
  }

  app.get('/api/reservations/fully-booked-dates', async (request) => {
    const { year, month, guests } = parseInput(monthQuery, request.query);
    const today = restaurantToday();
    const first = toIsoDate(year, month, 1);
    const last = toIsoDate(year, month, daysInMonth(year, month));
    // Past days are past, not booked.
    const from = first > today ? first : today;
    const slots = openTimeSlots(await currentSettings(app.db, app.config.downPaymentPesos)).map((slot) => slot.start);
    const data = from > last ? [] : await fullyBookedDates(app.db, from, last, slots, guests);
    return { success: true, data };
  });

  app.post('/api/reservations', async (request, reply) => {
    const principal = await app.authenticateCustomer(request);
    const idempotencyKey = idempotencyKeyOf(request.headers) ?? null;
    const form = parseInput(reservationPayloadSchema, request.body);
    const { reservation, created } = await bookReservation(app, { customerId: principal.id, idempotencyKey, form });
    if (created) reply.status(201);
    return { success: true, message: messages.saved, data: reservation };
  });

  // The logged-in customer's own reservations: upcoming ones that still hold a table (soonest first), past
  // ones (latest first), and cancelled or declined ones, whose hold ended included (latest first).
  app.get('/api/reservations/mine', async (request) => {
    const principal = await app.authenticateCustomer(request);
    const today = restaurantToday();
    const all = await listCustomerReservations(app.db, principal.id);
    const ended = (reservation: Reservation) => reservation.status === 'cancelled' || reservation.status === 'declined';
    return {
      success: true,
      data: {
        upcoming: all.filter((reservation) => !ended(reservation) && reservation.reservation_date >= today).reverse(),
        past: all.filter((reservation) => !ended(reservation) && reservation.reservation_date < today),
        cancelled: all.filter(ended),
      },
    };
  });

  app.get('/api/reservations/:id', async (request) => {
    const { reservation } = await reservationFor(request);
    return { success: true, data: reservation };
  });

  // The upload's multipart parser lives in a context of its own (as the photo and payment QR uploads' do).
  await app.register(async (uploads) => {
    await uploads.register(multipart, oneFileUpload(PAYMENT_PROOF_MAX_BYTES, 5));
    uploads.post('/api/reservations/:id/payment-proof', uploadPaymentProof);
  });

  async function uploadPaymentProof(request: FastifyRequest) {
    const principal = await app.authenticateCustomer(request);
    const { id } = parseInput(idParams, request.params);
    await checkProofWanted(app, principal.id, id);
    if (!request.isMultipart()) throw new HttpError(415, messages.notMultipart);

    // Uploads wait their turn here with their bodies unread (TCP holds the
    // rest back): a burst of them neither fills the memory nor takes the
    // thread and the database from every other request.
    const release = await proofUploads.acquire();
    // One that trickles gives its turn up, with a message (a whole-body deadline and a minimum pace).
    const pace = watchUploadPace(request, messages.proofTooSlow);
    let proof: ReceivedProof | null;
    try {
      // A sender that went away while waiting would leave the parser waiting for ever.
      if (request.raw.destroyed) throw new HttpError(400, messages.notMultipart);
      proof = await receivePaymentProof(app, request.parts()[Symbol.asyncIterator](), pace);
    } finally {
      pace.stop();
      release();
    }
    if (!proof) throw new HttpError(400, messages.proofMissing);
    return { success: true, message: messages.proofSaved, data: await attachReceivedProof(app, id, proof, request.id) };
  }

  app.get('/api/reservations/:id/payment-proof', async (request, reply) => {
    const { reservation } = await reservationFor(request);
    const proof = await findPaymentProof(app.db, reservation.id);
    if (!proof) throw notFound(messages.proofNone);
    return reply
      .header('Content-Type', proof.content_type)
      .header('Content-Disposition', `inline; filename="${proof.file_name}"`)
      .header('Cache-Control', 'private, no-store')
      .headers(DOCUMENT_SECURITY_HEADERS)
      .send(Buffer.from(proof.data));
  });
}
