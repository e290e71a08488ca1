import { Socket } from 'node:net';
import type { FastifyRequest } from 'fastify';
import { HttpError } from './http-error';

/** How an upload that holds one of a replica's few upload turns must keep going. */
export interface UploadPace {
  /** The whole body must be in by then, however steadily it comes. */
  deadlineMs: number;
  /** After the first `graceMs`, the bytes received so far must average at least this. */
  minBytesPerSecond: number;
  graceMs: number;
}

/** Proofs of payment and photos: 5 MB in the minute needs about 700 kbit/s; a screenshot of 500 KB gets by on 130. */
export const UPLOAD_PACE: UploadPace = { deadlineMs: 60_000, minBytesPerSecond: 16 * 1024, graceMs: 5_000 };

const CHECK_EVERY_MS = 500;

/**
 * Watches an upload that holds a turn: `tooSlow` rejects, with `message` for
 * the person uploading, once the body is late or trickles (a client sending a
 * byte every few seconds would otherwise keep the turn for ever, since an idle
 * limit restarts at each byte). The answer closes the connection, dropping the
 * rest of the body. Requests injected in tests have no socket and no pace.
 */
export function watchUploadPace(request: FastifyRequest, message: string, pace: UploadPace = UPLOAD_PACE) {
  const socket = request.raw.socket;
  let stop = () => undefined as void;
  const tooSlow = new Promise<never>((_, reject) => {
    if (!(socket instanceof Socket)) return;
    const started = Date.now();
    const bytesAtStart = socket.bytesRead;
    const timer = setInterval(() => {
      const elapsedMs = Date.now() - started;
      const rate = ((socket.bytesRead - bytesAtStart) * 1000) / elapsedMs;
      if (elapsedMs >= pace.deadlineMs || (elapsedMs >= pace.graceMs && rate < pace.minBytesPerSecond)) {
        clearInterval(timer);
        reject(new HttpError(408, message, { connection: 'close' }));
      }
    }, CHECK_EVERY_MS);
    stop = () => clearInterval(timer);
  });
  // Nobody may be waiting on it at the moment it rejects.
  tooSlow.catch(() => undefined);
  return {
    /** `step`, unless the upload is too slow first. */
    race: <T>(step: Promise<T>): Promise<T> => Promise.race([step, tooSlow]),
    stop: () => stop(),
  };
}

export type UploadPaceWatch = ReturnType<typeof watchUploadPace>;
