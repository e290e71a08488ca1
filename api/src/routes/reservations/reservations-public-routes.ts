import { createHash } from 'node:crypto';
import { Socket } from 'node:net';
import multipart from '@fastify/multipart';
import { daysInMonth, downPaymentFor, restaurantToday, toIsoDate } from '@samgyup/shared/reservation';
import { GUESTS_MAX, GUESTS_MIN } from '@samgyup/shared/constants';
import { PAYMENT_PROOF_MAX_BYTES } from '@samgyup/shared/constants';
import { reservationPayloadSchema } from '@samgyup/shared/validation';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { isUniqueViolation } from '../../db/database';
import { createConcurrencyLimit } from '../../lib/concurrency-limit';
import { conflict, HttpError, notFound, unauthorized } from '../../lib/http-error';
import { idempotencyKeyOf } from '../../lib/idempotency-key';
import { parseInput } from '../../lib/parse-input';
import { oneFileUpload } from '../../lib/read-file-part';
import type { Principal } from '../../plugins/auth';
import { DOCUMENT_SECURITY_HEADERS } from '../../plugins/security';
import { findCustomerById, lockCustomer } from '../../repositories/customers-repository';
import { publishLiveEvents } from '../../repositories/live-events-repository';
import {
  attachPaymentProof,
  countPendingReservations,
  discardUpload,
  expireUnpaidReservations,
  findPaymentProof,
  findReservation,
  findReservationByKey,
  insertReservation,
  listCustomerReservations,
  type Reservation,
} from '../../repositories/reservations-repository';
import { getBookingPolicy } from '../../repositories/booking-policy-repository';
import { bookingClosedProblem, currentSettings } from '../../services/restaurant-settings';
import { openTimeSlots } from '@samgyup/shared/settings';
import { fullyBookedDates } from '../../services/table-availability';
import { lockChosenTables, resolveTableChoice } from '../../services/table-choice';
import { cleanFileName } from './payment-proof-file';
import { multipartProblem, nextFromParser, storeProofUpload, type StoredUpload } from './store-payment-proof';
import { reservationApiMessages as messages } from './reservation-messages';

/** Proof uploads a replica receives at once; the next wait their turn. */
const PROOF_UPLOADS_AT_ONCE = 1;
/** How long an upload being received may send nothing before it loses its turn. */
const UPLOAD_IDLE_MS = 15_000;

const monthQuery = z.object({
  year: z.coerce.number({ error: messages.badMonth }).int(messages.badMonth).min(1900, messages.badMonth).max(2099, messages.badMonth),
  month: z.coerce.number({ error: messages.badMonth }).int(messages.badMonth).min(1, messages.badMonth).max(12, messages.badMonth),
  // Fully booked for a party this size: no open slot has a table or joined tables seating it.
  guests: z.coerce.number({ error: messages.badGuests }).int(messages.badGuests).min(GUESTS_MIN, messages.badGuests).max(GUESTS_MAX, messages.badGuests).default(GUESTS_MIN),
});
const idParams = z.object({ id: z.coerce.number({ error: messages.notFound }).int(messages.notFound).positive(messages.notFound).max(2 ** 31 - 1, messages.notFound) });

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
    const key = idempotencyKeyOf(request.headers);
    const input = parseInput(reservationPayloadSchema, request.body);
    // What the request asks for, checked values in the schema's order: a retry sends the same.
    const requestDigest = createHash('sha256').update(JSON.stringify(input)).digest('base64url');
    const answerRetry = (earlier: NonNullable<Awaited<ReturnType<typeof findReservationByKey>>>) => {
      if (earlier.requestDigest !== null && earlier.requestDigest !== requestDigest) throw new HttpError(422, messages.keyReused);
      return { success: true, message: messages.saved, data: earlier.reservation };
    };

    if (key) {
      const earlier = await findReservationByKey(app.db, principal.id, key);
      if (earlier) return answerRetry(earlier);
    }
    if (input.reservation_date < restaurantToday()) throw new HttpError(400, messages.datePast);
    const settings = await currentSettings(app.db, app.config.downPaymentPesos);
    const closedProblem = await bookingClosedProblem(app.db, settings, input.reservation_date, input.reservation_time);
    if (closedProblem) throw new HttpError(400, closedProblem);
    const customer = await findCustomerById(app.db, principal.id);
    if (!customer || !customer.is_active) throw unauthorized(messages.accountGone);
    const slot = { date: input.reservation_date, time: input.reservation_time };
    const save = () =>
      app.db.transaction(async (tx) => {
        // The customer's row lock makes the count of their waiting bookings exact under parallel saves.
        await lockCustomer(tx, customer.id);
        const most = app.config.pendingReservationsPerCustomer;
        if ((await countPendingReservations(tx, customer.id)) >= most) {
          throw new HttpError(429, messages.tooManyPending(most, (await getBookingPolicy(tx)).hold_minutes));
        }
        const chosen = await resolveTableChoice(tx, input, slot, input.number_of_guests);
        // A table offered to the waitlist is held for that party until the offer lapses.
        await lockChosenTables(tx, chosen, slot, messages.tableTaken);
        const id = await insertReservation(tx, {
          customer_id: customer.id,
          customer_name: input.customer_name,
          email: input.email,
          phone: input.phone,
          table_id: chosen.tableId,
          combination_id: chosen.combinationId,
          occasion: input.occasion,
          number_of_guests: input.number_of_guests,
          reservation_date: input.reservation_date,
          reservation_time: input.reservation_time,
          duration_hours: input.duration_hours,
          payment_amount: input.payment_amount,
          down_payment_due: downPaymentFor(settings.down_payment_pesos, await getBookingPolicy(tx), input.number_of_guests),
          notes: input.notes,
          idempotency_key: key ?? null,
          request_digest: key ? requestDigest : null,
        });
        const { reservation_date, reservation_time, customer_name, number_of_guests } = input;
        await publishLiveEvents(tx, [
          { audience: 'staff', kind: 'reservation.created', data: { id, reservation_date, reservation_time, customer_name, number_of_guests } },
        ]);
        return id;
      });

    let id: number;
    try {
      id = await save();
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      // The same key arriving twice at once: the other attempt won; answer its result.
      const earlier = key ? await findReservationByKey(app.db, principal.id, key) : null;
      if (earlier) return answerRetry(earlier);
      // The slot may be held by a booking that waited too long for its proof: cancel those, then try once more.
      if ((await expireUnpaidReservations(app.db)) === 0) throw conflict(messages.tableTaken);
      try {
        id = await save();
      } catch (again) {
        if (isUniqueViolation(again)) throw conflict(messages.tableTaken);
        throw again;
      }
    }
    reply.status(201);
    return { success: true, message: messages.saved, data: await findReservation(app.db, id) };
  });

  // The logged-in customer's own reservations: upcoming (soonest first) and past (latest first).
  app.get('/api/reservations/mine', async (request) => {
    const principal = await app.authenticateCustomer(request);
    const today = restaurantToday();
    const all = await listCustomerReservations(app.db, principal.id);
    return {
      success: true,
      data: {
        upcoming: all.filter((reservation) => reservation.reservation_date >= today).reverse(),
        past: all.filter((reservation) => reservation.reservation_date < today),
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
    await expireUnpaidReservations(app.db);
    const reservation = await findReservation(app.db, id);
    if (!reservation || reservation.customer_id !== principal.id) throw notFound(messages.notFound);
    if (reservation.status !== 'pending' || reservation.payment_status === 'paid') throw conflict(messages.proofClosed);
    if (!request.isMultipart()) throw new HttpError(415, messages.notMultipart);

    // Uploads wait their turn here with their bodies unread (TCP holds the
    // rest back): a burst of them neither fills the memory nor takes the
    // thread and the database from every other request.
    const release = await proofUploads.acquire();
    const socket = request.raw.socket;
    let stored: StoredUpload | null = null;
    let fileName = '';
    try {
      // A sender that went away while waiting would leave the parser waiting for ever.
      if (request.raw.destroyed) throw new HttpError(400, messages.notMultipart);
      // One that stops sending gives its turn up: the connection is closed after a
      // quiet spell (a socket of the network; requests injected in tests have none).
      if (socket instanceof Socket) socket.setTimeout(UPLOAD_IDLE_MS, () => socket.destroy());
      const parts = request.parts()[Symbol.asyncIterator]();
      for (let next = await nextFromParser(parts); !next.done; next = await nextFromParser(parts)) {
        const part = next.value;
        if (part.type !== 'file') continue;
        if (part.fieldname !== 'file' || stored) {
          await part.toBuffer().catch((error: unknown) => {
            throw multipartProblem(error);
          });
          continue;
        }
        fileName = part.filename;
        stored = await storeProofUpload(app.db, part);
      }
    } catch (error) {
      if (stored) await discardUpload(app.db, stored.uploadId).catch(() => undefined);
      throw error;
    } finally {
      release();
      if (socket instanceof Socket) socket.setTimeout(0);
    }
    if (!stored) throw new HttpError(400, messages.proofMissing);
    const attached = await attachPaymentProof(app.db, id, { ...stored, fileName: cleanFileName(fileName) });
    if (!attached) {
      await discardUpload(app.db, stored.uploadId);
      throw conflict(messages.proofClosed);
    }
    await app
      .publishLive([{ audience: 'staff', kind: 'reservation.proof', data: { id } }])
      // The proof is saved; the console sees it at its next load.
      .catch((error: unknown) => app.apiLog.warn({ reqId: request.id, err: error, reservation: id }, 'could not announce a new proof'));
    return { success: true, message: messages.proofSaved, data: await findReservation(app.db, id) };
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
