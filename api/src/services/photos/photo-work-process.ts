// The process photo-work.ts starts: makes a photo's files and link-preview
// cards with sharp, at a low CPU priority, so that while it works the API's
// own thread (and every diner's request on it) goes first on a busy machine.
import { readdirSync } from 'node:fs';
import { setPriority } from 'node:os';
import type { PhotoWorkReply, PhotoWorkRequest } from './photo-work';

// On Linux a priority belongs to a thread, and new threads take their creator's: every thread
// there is now is lowered before sharp loads, so libvips' and libuv's threads start low too.
// 10 of 19: `npm run bench:uploads` measured an unrelated read's p99 during photo uploads at 48 ms at 0, 31 at 5,
// 33 at 10 and 30 at 19, while the 8 uploads took 13, 28, 70 and 140 s on the saturated machine: lower starves them.
const NICENESS = 10;

function lowerEveryThread(): void {
  try {
    for (const thread of readdirSync('/proc/self/task')) setPriority(Number(thread), NICENESS);
  } catch {
    // No /proc (not Linux): the process's own priority is what can be lowered.
    try {
      setPriority(NICENESS);
    } catch {
      // Lowering is never refused to a process about itself; if it is, the work still gets done.
    }
  }
}

lowerEveryThread();

async function main(): Promise<void> {
  const { makePhotoVariants, makeShareCard } = await import('../photo-variants');
  const { HttpError } = await import('../../lib/http-error');
  const reply = (message: PhotoWorkReply) => process.send?.(message);

  process.on('message', (request: PhotoWorkRequest) => {
    const work = request.task === 'variants' ? makePhotoVariants(Buffer.from(request.data)) : makeShareCard(Buffer.from(request.data));
    work.then(
      (result) => reply({ id: request.id, ok: true, result }),
      (error: unknown) =>
        reply({
          id: request.id,
          ok: false,
          status: error instanceof HttpError ? error.statusCode : undefined,
          message: error instanceof Error ? error.message : String(error),
        }),
    );
  });
  // The API went away (stopped, crashed): nothing more will come.
  process.on('disconnect', () => process.exit(0));
  reply({ id: 0, ok: true, result: 'ready' });
}

void main();
