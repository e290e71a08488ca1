import type { InjectOptions } from 'fastify';
import sharp from 'sharp';

/** A photo-like picture (a gradient with noise) of the given size and format, made in memory. */
export async function samplePhoto(format: 'jpeg' | 'png' | 'webp', width = 800, height = 600, hue = 20): Promise<Buffer> {
  const image = sharp({ create: { width, height, channels: 3, background: { r: 200, g: 90 + hue, b: 40 }, noise: { type: 'gaussian', mean: 120, sigma: 40 } } });
  return image[format]().toBuffer();
}

/** A multipart/form-data body with one file under `field` (and a text field beside it), ready for app.inject. */
export function multipartUpload(file: Buffer, { field = 'file', name = 'photo.jpg', type = 'image/jpeg' } = {}): Pick<InjectOptions, 'payload' | 'headers'> {
  const boundary = '----samgyupPhotoBoundary';
  return {
    payload: Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="note"\r\n\r\nfrom the test\r\n`),
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${name}"\r\nContent-Type: ${type}\r\n\r\n`),
      file,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}
