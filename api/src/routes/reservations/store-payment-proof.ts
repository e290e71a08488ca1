import { randomUUID } from 'node:crypto';
import type { MultipartFile } from '@fastify/multipart';
import { HttpError } from '../../lib/http-error';
import type { UploadPaceWatch } from '../../lib/upload-pace';
import type { Queryable } from '../../db/database';
import { discardUpload, PROOF_CHUNK_BYTES, saveProofChunk } from '../../repositories/reservations-repository';
import { sniffProofType } from '../../lib/payment-proof-file';
import type { PaymentProofType } from '../../lib/payment-proof-file';
import { reservationApiMessages as messages } from '../../services/reservations/reservation-messages';

export interface StoredUpload {
  uploadId: string;
  contentType: PaymentProofType;
  sizeBytes: number;
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
export async function storeProofUpload(db: Queryable, file: MultipartFile, pace: UploadPaceWatch): Promise<StoredUpload | null> {
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
