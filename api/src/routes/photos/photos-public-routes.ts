import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { notFound } from '../../lib/http-error';
import { findLargestPhotoFile, type PhotoFormat } from '../../repositories/photos-repository';
import { openPhotoFileCache } from '../../services/photos/photo-file-cache';
import { answeredNotModified } from '../../services/reply-from-cache';

const fileParams = z.object({
  hash: z.string().regex(/^[0-9a-f]{24}$/, 'No such photo.'),
  file: z.string().regex(/^[1-9][0-9]{1,4}\.(avif|webp|jpg)$/, 'No such photo.'),
});

const cardParams = z.object({ hash: fileParams.shape.hash });
// Cards are made when a link preview first asks; the last few stay made (about 100 KB each).
const CARDS_KEPT = 24;
const IMMUTABLE = 'public, max-age=31536000, immutable';
// The menu's and promos' photo files at the sizes pages ask for are a few MB in all.
const PHOTO_FILES_KEPT_BYTES = 32 * 1024 * 1024;

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
  const cards = new Map<string, Promise<Buffer | null>>();
  const photoFiles = await openPhotoFileCache(app.db, PHOTO_FILES_KEPT_BYTES);

  // A shared menu or promo page's picture (og:image): 1200 × 630, made from the photo with sharp (photo-work.ts).
  app.get('/api/photos/:hash/share-card.jpg', async (request, reply) => {
    const parsed = cardParams.safeParse(request.params);
    if (!parsed.success) throw notFound('No such photo.');
    const { hash } = parsed.data;
    let card = cards.get(hash);
    if (!card) {
      card = findLargestPhotoFile(app.db, hash, 'jpeg').then((jpeg) => (jpeg ? app.photoWork.shareCard(jpeg) : null));
      cards.set(hash, card);
      card.then(
        (made) => !made && cards.delete(hash),
        () => cards.delete(hash),
      );
      if (cards.size > CARDS_KEPT) cards.delete(cards.keys().next().value as string);
    }
    const data = await card;
    if (!data) throw notFound('No such photo.');
    return reply.header('content-type', 'image/jpeg').header('cache-control', IMMUTABLE).send(data);
  });

  app.get('/api/photos/:hash/:file', async (request, reply) => {
    // Any other address under /api/photos names no photo.
    const parsed = fileParams.safeParse(request.params);
    if (!parsed.success) throw notFound('No such photo.');
    const [width, extension] = parsed.data.file.split('.');
    const { format, type } = FORMATS[extension];
    const file = await photoFiles.read(parsed.data.hash, Number(width), format);
    if (!file) throw notFound('No such photo.');
    // The address names the file for good, so it is its own tag: a browser that has it hears 304 and no bytes.
    if (answeredNotModified(request, reply.header('content-type', type), `"${parsed.data.hash}-${parsed.data.file}"`, IMMUTABLE)) return reply;
    if ('data' in file) return reply.send(file.data);
    // Too large to keep: sent as it is read, a piece at a time; a reader that goes away stops the reading.
    return reply.header('content-length', file.sizeBytes).send(Readable.from(file.pieces()));
  });
}
