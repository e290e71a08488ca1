import { fork, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { menuMessages } from '@samgyup/shared/validation';
import type { FastifyInstance } from 'fastify';
import { HttpError } from '../../lib/http-error';
import type { MadePhoto } from '../photo-variants';

/** What photo-work-process.ts is asked: the files of an upload, or the link-preview card of a photo's largest JPEG. */
export type PhotoWorkRequest = { id: number; task: 'variants' | 'share-card'; data: Uint8Array };
export type PhotoWorkReply = { id: number; ok: true; result: unknown } | { id: number; ok: false; status?: number; message: string };

/**
 * sharp's work on photos, done in a process of its own at the lowest CPU
 * priority. In the API's process the decoding and encoding (a second or two of
 * a core per upload) took the CPU from the API's thread: an unrelated read
 * waited 50 ms and more while photos went up on two cores. Its memory (libvips
 * keeps what it allocated) also went back to no one; the process ends when it
 * has been idle a while, and its memory with it.
 */
export interface PhotoWork {
  /** The files the pages show of an upload (photo-variants.ts); refuses what is not a readable photo, with the message for staff. */
  variants(upload: Buffer): Promise<MadePhoto>;
  /** A link-preview card (1200 × 630 JPEG) made from a photo's largest JPEG. */
  shareCard(jpeg: Buffer): Promise<Buffer>;
  /** The process's id while it runs; null when it has ended (idle) or not started yet. */
  processId(): number | null;
  close(): Promise<void>;
}

export interface PhotoWorkOptions {
  /** The process ends after this long with nothing to do. */
  idleMs?: number;
  /** A piece of work that takes longer is stopped (its process ended) and refused. */
  deadlineMs?: number;
}

const IDLE_MS = 30_000;
// A 48-megapixel photo takes about 10 s of a core; a busy machine lends it a fraction at the lowest priority.
const DEADLINE_MS = 120_000;
const TOO_LONG = 'The photo took too long to process, so it was stopped. Please try again, or with a smaller photo.';
const STOPPED = 'The photo could not be processed just now. Please try again in a minute.';

/** The process's script: the built one beside dist/server.js, or the TypeScript through tsx (tests, `npm run dev`). */
function processScript(): { script: string; execArgv: string[] } {
  if (__filename.endsWith('.ts')) return { script: path.join(__dirname, 'photo-work-process.ts'), execArgv: ['--import', 'tsx'] };
  return { script: path.join(__dirname, 'photo-work-process.js'), execArgv: [] };
}

interface Waiting {
  resolve: (result: unknown) => void;
  reject: (error: Error) => void;
  timer: NodeJS.Timeout;
}

export function createPhotoWork({ idleMs = IDLE_MS, deadlineMs = DEADLINE_MS }: PhotoWorkOptions = {}): PhotoWork {
  let child: ChildProcess | null = null;
  let ready: Promise<ChildProcess> | null = null;
  let idleTimer: NodeJS.Timeout | null = null;
  let nextId = 1;
  let closed = false;
  const waiting = new Map<number, Waiting>();

  function start(): Promise<ChildProcess> {
    const { script, execArgv } = processScript();
    const started = fork(script, [], { execArgv, serialization: 'advanced', stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    child = started;
    ready = new Promise((resolve, reject) => {
      started.once('message', () => resolve(started));
      started.once('exit', () => reject(new HttpError(503, STOPPED)));
      started.once('error', () => reject(new HttpError(503, STOPPED)));
    });
    // A rejection nobody awaits (the process failed before any work was sent) is not an unhandled one.
    ready.catch(() => undefined);
    started.on('message', (reply: PhotoWorkReply) => {
      const entry = waiting.get(reply.id);
      if (!entry) return;
      waiting.delete(reply.id);
      clearTimeout(entry.timer);
      if (reply.ok) entry.resolve(reply.result);
      else entry.reject(reply.status ? new HttpError(reply.status, reply.message) : new Error(reply.message));
      if (waiting.size === 0) idleSoon();
    });
    started.once('exit', () => {
      if (child === started) {
        child = null;
        ready = null;
      }
      // Whatever it was doing is lost: a crash while decoding (an image libvips chokes on), a kill, an out-of-memory.
      for (const [id, entry] of waiting) {
        waiting.delete(id);
        clearTimeout(entry.timer);
        entry.reject(new HttpError(422, menuMessages.photoUnreadable));
      }
    });
    return ready;
  }

  function idleSoon(): void {
    if (idleTimer) clearTimeout(idleTimer);
    idleTimer = setTimeout(() => {
      idleTimer = null;
      if (waiting.size === 0) child?.kill();
    }, idleMs);
    idleTimer.unref();
  }

  async function ask<T>(task: PhotoWorkRequest['task'], data: Buffer): Promise<T> {
    if (closed) throw new HttpError(503, STOPPED);
    if (idleTimer) clearTimeout(idleTimer);
    idleTimer = null;
    const running = await (child && ready ? ready : start());
    const id = nextId++;
    return new Promise<T>((resolve, reject) => {
      const timer = setTimeout(() => {
        waiting.delete(id);
        reject(new HttpError(503, TOO_LONG));
        // The process may be stuck in libvips: only ending it frees the core.
        running.kill('SIGKILL');
      }, deadlineMs);
      waiting.set(id, { resolve: resolve as (result: unknown) => void, reject, timer });
      // The process may have ended since it was ready (killed, idle): the photo is refused with the message to try again.
      const undelivered = () => {
        if (!waiting.delete(id)) return;
        clearTimeout(timer);
        reject(new HttpError(503, STOPPED));
      };
      try {
        running.send({ id, task, data } satisfies PhotoWorkRequest, (error) => error && undelivered());
      } catch {
        undelivered();
      }
    });
  }

  return {
    async variants(upload) {
      const made = await ask<MadePhoto>('variants', upload);
      // The structured clone hands Buffers back as Uint8Arrays of the same bytes.
      return { ...made, files: made.files.map((file) => ({ ...file, data: Buffer.from(file.data.buffer, file.data.byteOffset, file.data.byteLength) })) };
    },
    async shareCard(jpeg) {
      const card = await ask<Uint8Array>('share-card', jpeg);
      return Buffer.from(card.buffer, card.byteOffset, card.byteLength);
    },
    processId: () => (child && child.exitCode === null && child.signalCode === null ? (child.pid ?? null) : null),
    async close() {
      closed = true;
      if (idleTimer) clearTimeout(idleTimer);
      const running = child;
      if (!running || running.exitCode !== null) return;
      await new Promise<void>((resolve) => {
        running.once('exit', () => resolve());
        running.kill();
      });
    },
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    photoWork: PhotoWork;
  }
}

/** Adds the photo work to the app; its process ends with the app. */
export function registerPhotoWork(app: FastifyInstance): void {
  const photoWork = createPhotoWork();
  app.decorate('photoWork', photoWork);
  app.addHook('onClose', () => photoWork.close());
}
