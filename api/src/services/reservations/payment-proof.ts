import { randomUUID } from 'node:crypto';
import type { Multipart, MultipartFile } from '@fastify/multipart';
import { conflict, HttpError, notFound } from '../../lib/http-error';
import type { UploadPaceWatch } from '../../lib/upload-pace';
import type { Database } from '../../db/database';
import { attachPaymentProof, discardUpload, findReservation, PROOF_CHUNK_BYTES, saveProofChunk, type Reservation } from '../../repositories/reservations-repository';
import { cleanFileName, sniffProofType } from '../../lib/payment-proof-file';
import type { PaymentProofType } from '../../lib/payment-proof-file';
import type { ServiceContext } from '../service-context';
import { expireHolds } from './expire-holds';
import { reservationApiMessages as messages } from './reservation-messages';

export interface StoredUpload {
  uploadId: string;
  contentType: PaymentProofType;
  sizeBytes: number;
}

/** A proof stored in pieces, with the name the diner's file had. */
export interface ReceivedProof extends StoredUpload {
  fileName: string;
}

/** What the multipart parser reports (a cut-off body, no boundary, a part too large) in the client's words. */
export function multipartProblem(error: unknown): HttpError {
  if (error instanceof HttpError) return error;
  const code = (error as { code?: string } | null)?.code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return new HttpError(413, messages.proofTooLarge);
  return new HttpError(400, messages.notMultipart);
}

/** The next piece of a parser's stream; its failures are the request's fault, never the server's. */
export async function nextFromParser<T>(iterator: AsyncIterator<T>): Promise<IteratorResult<T>> {
  try {
    return await iterator.next();
  } catch (error) {
    throw multipartProblem(error);
  }
}

/**
 * Streams an uploaded file into the database as it arrives, a piece of 32 KB
 * per statement: at most one piece per upload is held in memory, and the
 * database serves other requests between pieces. The content is checked as
 * soon as its first bytes are in. On any failure the stored pieces are removed.
 */
async function storeProofUpload(db: Database, file: MultipartFile, pace: UploadPaceWatch): Promise<StoredUpload | null> {
  const uploadId = randomUUID();
  let contentType: PaymentProofType | null = null;
  let pending: Buffer = Buffer.alloc(0);
  let sizeBytes = 0;
  let seq = 0;
  const write = async (piece: Buffer) => {
    contentType ??= sniffProofType(piece.subarray(0, 16));
    if (!contentType) throw new HttpError(415, messages.proofType);
    await saveProofChunk(db, uploadId, seq, piece);
    seq += 1;
  };
  try {
    const stream = file.file[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
    for (let next = await pace.race(nextFromParser(stream)); !next.done; next = await pace.race(nextFromParser(stream))) {
      sizeBytes += next.value.length;
      pending = pending.length === 0 ? next.value : Buffer.concat([pending, next.value]);
      while (pending.length >= PROOF_CHUNK_BYTES) {
        await write(pending.subarray(0, PROOF_CHUNK_BYTES));
        pending = pending.subarray(PROOF_CHUNK_BYTES);
      }
    }
    if (file.file.truncated) throw new HttpError(413, messages.proofTooLarge);
    if (pending.length > 0) await write(pending);
    if (sizeBytes === 0 || !contentType) return null;
    return { uploadId, contentType, sizeBytes };
  } catch (error) {
    await discardUpload(db, uploadId).catch(() => undefined);
    throw error;
  }
}

/**
 * Before a proof's body is read: the booking is the customer's, still pending
 * and not paid. Holds past their time expire first, so a booking that just
 * lost its table takes no proof.
 */
export async function checkProofWanted(ctx: Pick<ServiceContext, 'db'>, customerId: number, id: number): Promise<void> {
  await expireHolds(ctx);
  const reservation = await findReservation(ctx.db, id);
  if (!reservation || reservation.customer_id !== customerId) throw notFound(messages.notFound);
  if (reservation.status !== 'pending' || reservation.payment_status === 'paid') throw conflict(messages.proofClosed);
}

/**
 * Reads a proof upload's parts: the first file in the field `file` is stored
 * as it arrives, any other file is read and dropped. Answers the stored proof
 * (null: none was sent); on a failure nothing stays stored.
 */
export async function receivePaymentProof(ctx: Pick<ServiceContext, 'db'>, parts: AsyncIterator<Multipart>, pace: UploadPaceWatch): Promise<ReceivedProof | null> {
  let received: ReceivedProof | null = null;
  try {
    for (let next = await pace.race(nextFromParser(parts)); !next.done; next = await pace.race(nextFromParser(parts))) {
      const part = next.value;
      if (part.type !== 'file') continue;
      if (part.fieldname !== 'file' || received) {
        await pace.race(
          part.toBuffer().catch((error: unknown) => {
            throw multipartProblem(error);
          }),
        );
        continue;
      }
      const fileName = part.filename;
      const stored = await storeProofUpload(ctx.db, part, pace);
      received = stored && { ...stored, fileName };
    }
  } catch (error) {
    if (received) await discardUpload(ctx.db, received.uploadId).catch(() => undefined);
    throw error;
  }
  return received;
}

/**
 * The stored proof becomes the booking's (payment_status pending_review), and
 * the console hears of it; a booking that stopped taking proofs meanwhile
 * refuses it and the pieces go. Answers the booking as it is now.
 */
export async function attachReceivedProof(ctx: Pick<ServiceContext, 'db' | 'publishLive' | 'apiLog'>, id: number, proof: ReceivedProof, requestId: string): Promise<Reservation> {
  const attached = await attachPaymentProof(ctx.db, id, { ...proof, fileName: cleanFileName(proof.fileName) });
  if (!attached) {
    await discardUpload(ctx.db, proof.uploadId);
    throw conflict(messages.proofClosed);
  }
  await ctx
    .publishLive([{ audience: 'staff', kind: 'reservation.proof', data: { id } }])
    // The proof is saved; the console sees it at its next load.
    .catch((error: unknown) => ctx.apiLog.warn({ reqId: requestId, err: error, reservation: id }, 'could not announce a new proof'));
  return (await findReservation(ctx.db, id))!;
}
