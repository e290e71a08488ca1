import { createHash } from 'node:crypto';
import { menuMessages } from '@samgyup/shared/validation';
import sharp from 'sharp';
import { HttpError } from '../lib/http-error';
import { samplePhoto } from '../test/sample-photos';
import { makePhotoVariants, photoHash, sniffPhotoType } from './photo-variants';

// An 800 x 600 HEIC (HEVC inside) as an iPhone writes them, made with libheif's heif-enc.
const IPHONE_HEIC = Buffer.from(
  'AAAAHGZ0eXBoZWljAAAAAG1pZjFoZWljbWlhZgAAAUNtZXRhAAAAAAAAACFoZGxyAAAAAAAAAABwaWN0AAAAAAAAAAAAAAAAAAAAAA5waXRtAAAAAAABAAAAImlsb2MAAAAAREAAAQABAAAAAAFnAAEAAAAAAAABuQAAACNpaW5mAAAAAAABAAAAFWluZmUCAAAAAAEAAGh2YzEAAAAAw2lwcnAAAAClaXBjbwAAAHlodmNDAQNwAAAAAAAAAAAAWvAA/P34+AAADwMgAAEAGEABDAH//wNwAAADAJAAAAMAAAMAWroCQCEAAQAsQgEBA3AAAAMAkAAAAwAAAwBaoAZCAJZZbqSSmubgQEDAgAAAAwCAAAADAIQiAAEAB0QBwXKwYkAAAAAUaXNwZQAAAAAAAAMgAAACWAAAABBwaXhpAAAAAAMICAgAAAAWaXBtYQAAAAAAAAABAAEDgQKDAAABwW1kYXQAAAG1KAGvCcUbeWKKGCB9+CE5dV///II///oGvIfmpXHQcw8u401nh+vczF3QAAFkAAKUABmAAAADAAADAAADAAADAAADAA34ovczF3QAAGQAAOcAC8AAAAMAAAMAAAMAAAMAAAMAAAMAAAMAY0CTAAD/AAwgAAADAAADAAADAAADAAADAAADAAADAAADAAAKaIcAAAMAAAMAAAMAAAMAAAMAAAMAAAMAAAMAAAMAAAMAAA4oAAADAAADAAADAAADAAADAAADAAADAAADAAADAAADAAAmoAAAAwAAAwAAAwAAAwAAAwAAAwAAAwAAAwAAAwAAAwAFvAAAAwAAAwAAAwAAAwAAAwAAAwAAAwAAAwAAAwAAAwA94AAAAwAAAwAAAwAAAwAAAwAAAwAAAwAAAwAAAwAAAwELAAADAAADAAADAAADAAADAAADAAADAAADAAADAAADAkIAkyPSByAAAAMAAAMAAAMAAAMAAAMAAAMAAAMAAAMAAAMAAAMAAAMAAAMAAAMAAAMAAAMAAAMAAAMAAAMAAAMAAAMAAAMAAAMAAAMAAAMAAAMAAAMAAAMAAAMAAAMABWw=',
  'base64',
);

describe('photo variants', () => {
  it('recognises JPEG, PNG, WebP and HEIC by their first bytes, whatever the file is called', async () => {
    expect(sniffPhotoType(await samplePhoto('jpeg', 40, 30))).toBe('jpeg');
    expect(sniffPhotoType(await samplePhoto('png', 40, 30))).toBe('png');
    expect(sniffPhotoType(await samplePhoto('webp', 40, 30))).toBe('webp');
    expect(sniffPhotoType(IPHONE_HEIC)).toBe('heic');
    expect(sniffPhotoType(Buffer.from('GIF89a'))).toBeNull();
  });

  it("refuses a real HEIC with the message that says how to send a JPEG: sharp's bundled libvips reads its header, not its HEVC picture", async () => {
    expect((await sharp(IPHONE_HEIC).metadata()).compression).toBe('hevc');
    await expect(sharp(IPHONE_HEIC).jpeg().toBuffer()).rejects.toThrow(/compression format has not been built in/);
    await expect(makePhotoVariants(IPHONE_HEIC)).rejects.toEqual(new HttpError(415, menuMessages.photoHeic));
  });

  it('makes AVIF, WebP and JPEG at every width the photo fills, upright, in 8:5', async () => {
    const made = await makePhotoVariants(await samplePhoto('jpeg', 1000, 1000));
    expect([made.width, made.height]).toEqual([960, 600]);
    expect(made.files.map((file) => `${file.width}.${file.format}`)).toEqual([320, 480, 720, 960].flatMap((width) => [`${width}.avif`, `${width}.webp`, `${width}.jpeg`]));
  });

  it('names an upload by a hash of its content, the same whatever its size', async () => {
    const photo = await samplePhoto('jpeg', 1000, 1000);
    const large = Buffer.concat([photo, Buffer.alloc(3 * 1024 * 1024 + 17, 7)]);
    expect(await photoHash(photo)).toBe(createHash('sha256').update(photo).digest('hex').slice(0, 24));
    expect(await photoHash(large)).toBe(createHash('sha256').update(large).digest('hex').slice(0, 24));
  });
});
