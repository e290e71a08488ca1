import { createHash } from 'node:crypto';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { menuMessages, PHOTO_ASPECT, PHOTO_WIDTHS } from '@samgyup/shared/validation';
import sharp from 'sharp';
import { HttpError } from '../lib/http-error';
import type { NewPhoto, PhotoFormat } from '../repositories/photos-repository';

// One libvips thread per image: the API shares two cores with everything else,
// and uploads are processed one at a time per replica (routes/photos).
sharp.concurrency(1);
// Each upload is decoded once: libvips' operation cache would only keep its memory (up to 50 MB) for nothing.
sharp.cache(false);

/** A phone's 48-megapixel photo passes; a small file that unpacks into billions of pixels does not. */
export const PHOTO_MAX_PIXELS = 50_000_000;

type UploadType = 'jpeg' | 'png' | 'webp';

/** What an upload really is, from its first bytes; 'heic' for the iPhone's format, which the bundled libvips cannot read. */
export function sniffPhotoType(head: Uint8Array): UploadType | 'heic' | null {
  const starts = (...bytes: number[]) => bytes.every((byte, index) => head[index] === byte);
  const ascii = (from: number, to: number) => String.fromCharCode(...head.subarray(from, to));
  if (starts(0xff, 0xd8, 0xff)) return 'jpeg';
  if (starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'png';
  if (ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return 'webp';
  if (ascii(4, 8) === 'ftyp' && /^(heic|heix|heim|heis|hevc|hevx|hevm|hevs|mif1|msf1)$/.test(ascii(8, 12))) return 'heic';
  return null;
}

const refuse = (status: number, message: string) => new HttpError(status, message);

/**
 * A small picture's type when it is whole: its first bytes say JPEG, PNG or
 * WebP, libvips agrees, and every pixel decodes (a valid header before any
 * other bytes is no picture). Null for anything else.
 */
export async function wholeImageType(data: Buffer, maxPixels: number): Promise<UploadType | null> {
  const type = sniffPhotoType(data.subarray(0, 16));
  if (type === null || type === 'heic') return null;
  try {
    const image = sharp(data, { limitInputPixels: maxPixels, failOn: 'warning' });
    if ((await image.metadata()).format !== type) return null;
    // Statistics read every pixel: a cut-off or made-up image fails here.
    await image.stats();
    return type;
  } catch {
    return null;
  }
}

/** What makePhotoVariants makes of an upload: the photo's files and facts, stored under its hash. */
export type MadePhoto = Omit<NewPhoto, 'contentHash'>;

const ENCODERS: Record<PhotoFormat, (image: sharp.Sharp) => sharp.Sharp> = {
  avif: (image) => image.avif({ quality: 50, effort: 2 }),
  webp: (image) => image.webp({ quality: 72 }),
  jpeg: (image) => image.jpeg({ quality: 78, mozjpeg: true, progressive: true }),
};

/**
 * The files the pages show of an uploaded photo: turned upright, cut to the
 * cards' 8:5, at each width the photo is large enough for, in AVIF, WebP and
 * JPEG (what every browser reads), plus a blurred placeholder of a few hundred
 * bytes. Nothing of the upload's own metadata (GPS position, camera) is kept.
 * Refuses, with a message for the person uploading, what is not a readable
 * JPEG, PNG or WebP of sensible size.
 */
export async function makePhotoVariants(upload: Buffer): Promise<MadePhoto> {
  const type = sniffPhotoType(upload.subarray(0, 16));
  if (type === 'heic') throw refuse(415, menuMessages.photoHeic);
  if (!type) throw refuse(415, menuMessages.photoType);
  const open = () => sharp(upload, { limitInputPixels: PHOTO_MAX_PIXELS, failOn: 'error' });

  let master: { data: Buffer; info: sharp.OutputInfo };
  try {
    const metadata = await open().metadata();
    if (metadata.format !== type) throw refuse(415, menuMessages.photoType);
    if ((metadata.width ?? 0) * (metadata.height ?? 0) > PHOTO_MAX_PIXELS) throw refuse(422, menuMessages.photoTooManyPixels);
    const sideways = (metadata.orientation ?? 1) >= 5;
    const [width, height] = sideways ? [metadata.height ?? 0, metadata.width ?? 0] : [metadata.width ?? 0, metadata.height ?? 0];
    const smallest = PHOTO_WIDTHS[0];
    if (width < smallest || height < (smallest * PHOTO_ASPECT.height) / PHOTO_ASPECT.width) throw refuse(422, menuMessages.photoTooSmall);
    // The largest 8:5 width the photo fills, among the widths the pages use.
    const fits = Math.min(width, Math.floor((height * PHOTO_ASPECT.width) / PHOTO_ASPECT.height));
    const largest = Math.max(...PHOTO_WIDTHS.filter((candidate) => candidate <= fits));
    // Decoded once, at the largest size; the smaller files are made from that.
    master = await open().rotate().resize(largest, heightFor(largest), { fit: 'cover' }).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  } catch (error) {
    if (error instanceof HttpError) throw error;
    if (/pixel limit/i.test(String((error as Error)?.message))) throw refuse(422, menuMessages.photoTooManyPixels);
    throw refuse(422, menuMessages.photoUnreadable);
  }

  const fromMaster = () => sharp(master.data, { raw: { width: master.info.width, height: master.info.height, channels: master.info.channels } });
  const files: NewPhoto['files'] = [];
  for (const width of PHOTO_WIDTHS.filter((candidate) => candidate <= master.info.width)) {
    for (const format of Object.keys(ENCODERS) as PhotoFormat[]) {
      const resized = width === master.info.width ? fromMaster() : fromMaster().resize(width, heightFor(width));
      files.push({ width, format, data: await ENCODERS[format](resized).toBuffer() });
    }
  }
  const placeholder = await fromMaster().resize(16, 10).blur(1).webp({ quality: 30 }).toBuffer();
  return {
    width: master.info.width,
    height: master.info.height,
    placeholder: `data:image/webp;base64,${placeholder.toString('base64')}`,
    files,
  };
}

// Hashed this much per turn of the event loop: a 10 MB upload hashed at once held the API's thread 11-20 ms.
const HASH_SLICE_BYTES = 256 * 1024;

/** The name of an upload's files: the same picture uploaded again is stored once. */
export async function photoHash(upload: Buffer): Promise<string> {
  const hash = createHash('sha256');
  for (let from = 0; from < upload.length; from += HASH_SLICE_BYTES) {
    hash.update(upload.subarray(from, from + HASH_SLICE_BYTES));
    await nextTurn();
  }
  return hash.digest('hex').slice(0, 24);
}

function heightFor(width: number): number {
  return Math.round((width * PHOTO_ASPECT.height) / PHOTO_ASPECT.width);
}

/** The size Facebook, Messenger and X show a shared link's picture at. */
export const SHARE_CARD = { width: 1200, height: 630 } as const;

/** A link-preview card of a photo: its largest JPEG, cut to 1200 × 630 from the middle. */
export function makeShareCard(jpeg: Buffer): Promise<Buffer> {
  return sharp(jpeg, { failOn: 'error' })
    .resize(SHARE_CARD.width, SHARE_CARD.height, { fit: 'cover', position: 'attention' })
    .jpeg({ quality: 80, mozjpeg: true, progressive: true })
    .toBuffer();
}
