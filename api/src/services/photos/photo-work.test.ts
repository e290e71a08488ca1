import { readFileSync } from 'node:fs';
import { getPriority } from 'node:os';
import { menuMessages } from '@samgyup/shared/validation';
import sharp from 'sharp';
import { HttpError } from '../../lib/http-error';
import { samplePhoto } from '../../test/sample-photos';
import { waitUntil } from '../../test/wait-until';
import { createPhotoWork, type PhotoWork } from './photo-work';

/** The CPU a process has used so far, in clock ticks (Linux's /proc: user and system time, fields 14 and 15). */
function cpuTicksOf(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return Number(fields[11]) + Number(fields[12]);
}

describe('photo work in a process of its own', () => {
  const opened: PhotoWork[] = [];
  const open = (options?: Parameters<typeof createPhotoWork>[0]) => {
    const work = createPhotoWork(options);
    opened.push(work);
    return work;
  };
  afterAll(() => Promise.all(opened.map((work) => work.close())));

  it('makes the files in another process, at a lower CPU priority than the API', async () => {
    const work = open();
    const made = await work.variants(await samplePhoto('jpeg', 1000, 1000));
    expect(made.files.map((file) => `${file.width}.${file.format}`)).toEqual([320, 480, 720, 960].flatMap((width) => [`${width}.avif`, `${width}.webp`, `${width}.jpeg`]));
    // What came back are the files themselves, readable as images.
    const jpeg = made.files.find((file) => file.width === 960 && file.format === 'jpeg')!;
    expect(Buffer.isBuffer(jpeg.data)).toBe(true);
    expect(await sharp(jpeg.data).metadata()).toMatchObject({ format: 'jpeg', width: 960, height: 600 });
    const pid = work.processId();
    expect(pid).not.toBeNull();
    expect(pid).not.toBe(process.pid);
    expect(getPriority(pid!)).toBeGreaterThan(getPriority());
  });

  it('refuses what is not a photo with the message for staff, and goes on working', async () => {
    const work = open();
    await expect(work.variants(Buffer.from('not a picture at all'))).rejects.toEqual(new HttpError(415, menuMessages.photoType));
    await expect(work.variants(await samplePhoto('png', 100, 60))).rejects.toEqual(new HttpError(422, menuMessages.photoTooSmall));
    expect((await work.variants(await samplePhoto('webp', 400, 250))).width).toBe(320);
  });

  it('ends its process when idle, giving its memory back, and starts another for the next photo', async () => {
    const work = open({ idleMs: 300 });
    await work.variants(await samplePhoto('jpeg', 400, 250));
    const first = work.processId();
    expect(first).not.toBeNull();
    await waitUntil(() => work.processId() === null, { what: 'the photo process to end', timeoutMs: 10_000 });
    await work.variants(await samplePhoto('jpeg', 400, 250));
    expect(work.processId()).not.toBeNull();
    expect(work.processId()).not.toBe(first);
  });

  it('answers a clear refusal when its process dies mid-photo, and the next photo works', async () => {
    const work = open();
    await work.variants(await samplePhoto('jpeg', 400, 250));
    const pid = work.processId()!;
    const before = cpuTicksOf(pid);
    const dying = work.variants(await samplePhoto('jpeg', 3000, 2000, 10, { grain: true }));
    // Killed once it is working on the photo: killed before the photo reached it, the photo is refused as not delivered.
    await waitUntil(() => cpuTicksOf(pid) > before + 1, { what: 'the photo process to start on the photo', timeoutMs: 10_000 });
    process.kill(pid, 'SIGKILL');
    await expect(dying).rejects.toEqual(new HttpError(422, menuMessages.photoUnreadable));
    expect((await work.variants(await samplePhoto('jpeg', 400, 250))).width).toBe(320);
  });

  it('stops a photo that takes longer than its deadline, frees the core, and the next photo works', async () => {
    const work = open({ deadlineMs: 50 });
    await work.variants(await samplePhoto('jpeg', 400, 250)).catch(() => undefined);
    const slow = work.variants(await samplePhoto('jpeg', 4000, 2500, 10, { grain: true }));
    await expect(slow).rejects.toMatchObject({ statusCode: 503, message: expect.stringMatching(/took too long/) });
    await waitUntil(() => work.processId() === null, { what: 'the photo process to end', timeoutMs: 10_000 });
  });

  it('makes a link-preview card of 1200 × 630', async () => {
    const card = await open().shareCard(await samplePhoto('jpeg', 1600, 1000));
    expect(await sharp(card).metadata()).toMatchObject({ format: 'jpeg', width: 1200, height: 630 });
  });
});
