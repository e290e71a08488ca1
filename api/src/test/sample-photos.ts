import type { InjectOptions } from 'fastify';
import sharp from 'sharp';

/**
 * A picture of the given size and format, made in memory: a grill-coloured gradient with a
 * few round shapes, which encodes about as fast as a phone photo does. `grain` adds noise
 * all over (gaussian, as film grain): a file that stays large at every width, for tests
 * about big files, at about five times the cost of making its sizes.
 */
export async function samplePhoto(format: 'jpeg' | 'png' | 'webp', width = 800, height = 600, hue = 20, { grain = false } = {}): Promise<Buffer> {
  const background = { r: 200, g: 90 + hue, b: 40 };
  const shapes = [0.2, 0.5, 0.8]
    .map((x, index) => `<circle cx="${x * width}" cy="${(0.3 + 0.2 * index) * height}" r="${Math.min(width, height) / 6}" fill="hsl(${hue * 3 + index * 40}, 60%, 45%)"/>`)
    .join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><defs><linearGradient id="g" x2="1" y2="1"><stop offset="0" stop-color="rgb(${background.r},${background.g},${background.b})"/><stop offset="1" stop-color="#2b1d16"/></linearGradient></defs><rect width="100%" height="100%" fill="url(#g)"/>${shapes}</svg>`;
  const image = grain ? sharp({ create: { width, height, channels: 3, background, noise: { type: 'gaussian', mean: 120, sigma: 40 } } }) : sharp(Buffer.from(svg));
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
