import type { PhotoVariants } from '@samgyup/shared/validation';
import { randomBytes } from 'node:crypto';
import { isUniqueViolation, queryOne, type Database, type Queryable } from '../db/database';
import { notifyChannel } from './change-notices-repository';

export type PhotoFormat = 'avif' | 'webp' | 'jpeg';

/** Where a photo's files are served: `${PHOTO_PATH}/${hash}/${width}.${avif|webp|jpg}`. */
export const PHOTO_PATH = '/api/photos';

/** The photo columns a list selects beside its own (`p` is the joined photos row); photoOf makes them one field. */
export const PHOTO_COLUMNS = 'p.content_hash AS photo_hash, p.widths AS photo_widths, p.width AS photo_width, p.height AS photo_height, p.placeholder AS photo_placeholder';

export interface PhotoRow {
  photo_hash: string | null;
  photo_widths: number[] | null;
  photo_width: number | null;
  photo_height: number | null;
  photo_placeholder: string | null;
}

/** A row with its photo columns folded into `photo` (null when it has none). */
export function withPhoto<T extends PhotoRow>({ photo_hash, photo_widths, photo_width, photo_height, photo_placeholder, ...rest }: T) {
  const photo: PhotoVariants | null = photo_hash
    ? { path: `${PHOTO_PATH}/${photo_hash}`, widths: photo_widths ?? [], width: photo_width ?? 0, height: photo_height ?? 0, placeholder: photo_placeholder ?? '' }
    : null;
  return { ...rest, photo };
}

export interface NewPhoto {
  contentHash: string;
  width: number;
  height: number;
  placeholder: string;
  files: { width: number; format: PhotoFormat; data: Buffer }[];
}

/** A photo's files are stored and read in pieces of this size (see migration 060). */
export const PHOTO_PIECE_BYTES = 32 * 1024;

/**
 * The photo already made of this upload, if any, marked as chosen now so
 * housekeeping leaves it to the owner it is about to be given to.
 */
export function claimPhotoByHash(db: Queryable, contentHash: string): Promise<{ id: number } | null> {
  return queryOne<{ id: number }>(db, 'UPDATE photos SET chosen_at = now() WHERE content_hash = $1 RETURNING id', [contentHash]);
}

/** A photo an owner stops showing: housekeeping keeps it an hour from now, for pages drawn before the change. */
export async function markPhotoLetGo(db: Queryable, id: number): Promise<void> {
  await db.query('UPDATE photos SET chosen_at = now() WHERE id = $1', [id]);
}

// Bytes travel as base64 text, one piece per statement (reservations-repository: PGlite and bytea).

/**
 * Stores a photo and its files, each in pieces of PHOTO_PIECE_BYTES written one per statement and outside any transaction
 * (db.bulk), so other requests' statements go between them: in one transaction, a read waited for all of a photo's pieces.
 * The photo is written under a random name and takes its content's (the one its files are served under) once whole: no
 * one sees it half written, and one a crash cut short is removed by housekeeping like any photo nothing shows. Answers its id.
 */
export async function insertPhoto(db: Database, photo: NewPhoto, by: string): Promise<number> {
  const widths = [...new Set(photo.files.map((file) => file.width))].sort((a, b) => a - b);
  const row = (await queryOne<{ id: number }>(
    db,
    'INSERT INTO photos (content_hash, widths, width, height, placeholder, uploaded_by) VALUES ($1, $2, $3, $4, $5, $6) RETURNING id',
    [randomBytes(12).toString('hex'), widths, photo.width, photo.height, photo.placeholder, by],
  ))!;
  try {
    for (const file of photo.files) {
      await db.query('INSERT INTO photo_files (photo_id, width, format, size_bytes) VALUES ($1, $2, $3, $4)', [row.id, file.width, file.format, file.data.length]);
      for (let seq = 0; seq * PHOTO_PIECE_BYTES < file.data.length; seq += 1) {
        const piece = file.data.subarray(seq * PHOTO_PIECE_BYTES, (seq + 1) * PHOTO_PIECE_BYTES);
        await db.bulk.query(`INSERT INTO photo_file_pieces (photo_id, width, format, seq, data) VALUES ($1, $2, $3, $4, decode($5, 'base64'))`, [
          row.id,
          file.width,
          file.format,
          seq,
          piece.toString('base64'),
        ]);
      }
    }
    await db.query('UPDATE photos SET content_hash = $2, chosen_at = now() WHERE id = $1', [row.id, photo.contentHash]);
    return row.id;
  } catch (error) {
    await db.query('DELETE FROM photos WHERE id = $1', [row.id]).catch(() => undefined);
    // The same picture uploaded twice at once: the first one whole serves both.
    if (isUniqueViolation(error, 'photos_content_hash_unique')) return (await claimPhotoByHash(db, photo.contentHash))!.id;
    throw error;
  }
}

export interface PhotoFile {
  sizeBytes: number;
  /** The file's bytes, one piece per database read, as the answer is sent. */
  pieces(): AsyncGenerator<Buffer>;
}

export async function findPhotoFile(db: Database, contentHash: string, width: number, format: PhotoFormat): Promise<PhotoFile | null> {
  const file = await queryOne<{ photo_id: number; size_bytes: number }>(
    db,
    'SELECT f.photo_id, f.size_bytes FROM photo_files f JOIN photos p ON p.id = f.photo_id WHERE p.content_hash = $1 AND f.width = $2 AND f.format = $3',
    [contentHash, width, format],
  );
  if (!file) return null;
  return {
    sizeBytes: file.size_bytes,
    async *pieces() {
      for (let seq = 0; ; seq += 1) {
        const piece = await queryOne<{ data: string }>(
          db.bulk,
          `SELECT encode(data, 'base64') AS data FROM photo_file_pieces WHERE photo_id = $1 AND width = $2 AND format = $3 AND seq = $4`,
          [file.photo_id, width, format, seq],
        );
        if (!piece) return;
        yield Buffer.from(piece.data, 'base64');
      }
    },
  };
}

/** Where housekeeping announces the content hashes of the photos it removed, comma-separated (photo-file-cache). */
export const PHOTOS_REMOVED_CHANNEL = 'samgyup_photos_removed';
// A NOTIFY payload holds under 8000 bytes: this many 24-character hashes and their commas.
const HASHES_PER_NOTICE = 300;

/**
 * Removes the photos no menu item or promo shows, an hour after they were last
 * chosen or let go (pages drawn before a change may still ask for them meanwhile),
 * and announces them in the same transaction: every replica forgets their files as it commits.
 */
export async function forgetUnusedPhotos(db: Database): Promise<number> {
  return db.transaction(async (tx) => {
    const removed = await tx.query<{ content_hash: string }>(
      `DELETE FROM photos p WHERE p.chosen_at < now() - interval '1 hour'
          AND NOT EXISTS (SELECT 1 FROM menu_items m WHERE m.photo_id = p.id)
          AND NOT EXISTS (SELECT 1 FROM promos r WHERE r.photo_id = p.id)
        RETURNING p.content_hash`,
    );
    for (let from = 0; from < removed.length; from += HASHES_PER_NOTICE) {
      const hashes = removed.slice(from, from + HASHES_PER_NOTICE).map((row) => row.content_hash);
      await notifyChannel(tx, PHOTOS_REMOVED_CHANNEL, hashes.join(','));
    }
    return removed.length;
  });
}

/** The widest file of a photo in `format`: what a larger picture of it (a link-preview card) is made from. */
export async function findLargestPhotoFile(db: Database, contentHash: string, format: PhotoFormat): Promise<Buffer | null> {
  const widest = await queryOne<{ width: number }>(
    db,
    'SELECT f.width FROM photo_files f JOIN photos p ON p.id = f.photo_id WHERE p.content_hash = $1 AND f.format = $2 ORDER BY f.width DESC LIMIT 1',
    [contentHash, format],
  );
  const file = widest && (await findPhotoFile(db, contentHash, widest.width, format));
  if (!file) return null;
  const pieces: Buffer[] = [];
  for await (const piece of file.pieces()) pieces.push(piece);
  return Buffer.concat(pieces);
}
