import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { notFound } from '../../lib/http-error';
import { findPhotoFile, type PhotoFormat } from '../../repositories/photos-repository';

const fileParams = z.object({
  hash: z.string().regex(/^[0-9a-f]{24}$/, 'No such photo.'),
  file: z.string().regex(/^[1-9][0-9]{1,4}\.(avif|webp|jpg)$/, 'No such photo.'),
});

const FORMATS: Record<string, { format: PhotoFormat; type: string }> = {
  avif: { format: 'avif', type: 'image/avif' },
  webp: { format: 'webp', type: 'image/webp' },
  jpg: { format: 'jpeg', type: 'image/jpeg' },
};

/**
 * The photo files of menu items and promos, for everyone, under a URL that
 * holds a hash of the upload, so browsers keep them for a year.
 */
export default async function photosPublicRoutes(app: FastifyInstance) {
  app.get('/api/photos/:hash/:file', async (request, reply) => {
    // Any other address under /api/photos names no photo.
    const parsed = fileParams.safeParse(request.params);
    if (!parsed.success) throw notFound('No such photo.');
    const [width, extension] = parsed.data.file.split('.');
    const { format, type } = FORMATS[extension];
    const file = await findPhotoFile(app.db, parsed.data.hash, Number(width), format);
    if (!file) throw notFound('No such photo.');
    // Sent as it is read, a piece at a time: a reader that goes away stops the reading.
    return reply
      .header('content-type', type)
      .header('content-length', file.sizeBytes)
      .header('cache-control', 'public, max-age=31536000, immutable')
      .send(Readable.from(file.pieces()));
  });
}
