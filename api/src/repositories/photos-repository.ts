import type { PhotoVariants } from '@samgyup/shared/validation';
import { queryOne, type Queryable } from '../db/database';

export type PhotoFormat = 'avif' | 'webp' | 'jpeg';

/** Where a photo's files are served: `${PHOTO_PATH}/${hash}/${width}.${avif|webp|jpg}`. */
export const PHOTO_PATH = '/api/photos';

/** The photo columns a list selects beside its own (`p` is the joined photos row); photoOf makes them one field. */
export const PHOTO_COLUMNS =
  'p.content_hash AS photo_hash, p.widths AS photo_widths, p.width AS photo_width, p.height AS photo_height, p.placeholder AS photo_placeholder';

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

export function findPhotoIdByHash(db: Queryable, contentHash: string): Promise<{ id: number } | null> {
  return queryOne<{ id: number }>(db, 'SELECT id FROM photos WHERE content_hash = $1', [contentHash]);
}

/** Stores a photo and its files (one statement per file: each is at most a few hundred KB). */
export async function insertPhoto(db: Queryable, photo: NewPhoto, by: string): Promise<number> {
  const widths = [...new Set(photo.files.map((file) => file.width))].sort((a, b) => a - b);
  const row = await queryOne<{ id: number }>(
    db,
    `INSERT INTO photos (content_hash, widths, width, height, placeholder, uploaded_by) VALUES ($1, $2, $3, $4, $5, $6)
     ON CONFLICT (content_hash) DO NOTHING RETURNING id`,
    [photo.contentHash, widths, photo.width, photo.height, photo.placeholder, by],
  );
  // The same picture uploaded twice at once: the first one's files serve both.
  if (!row) return (await findPhotoIdByHash(db, photo.contentHash))!.id;
  for (const file of photo.files) {
    await db.query('INSERT INTO photo_files (photo_id, width, format, data) VALUES ($1, $2, $3, $4)', [row.id, file.width, file.format, file.data]);
  }
  return row.id;
}

export async function findPhotoFile(db: Queryable, contentHash: string, width: number, format: PhotoFormat): Promise<Buffer | null> {
  const row = await queryOne<{ data: Uint8Array }>(
    db,
    'SELECT f.data FROM photo_files f JOIN photos p ON p.id = f.photo_id WHERE p.content_hash = $1 AND f.width = $2 AND f.format = $3',
    [contentHash, width, format],
  );
  return row ? Buffer.from(row.data) : null;
}

/** The widest file of a photo in `format`: what a larger picture of it (a link-preview card) is made from. */
export async function findLargestPhotoFile(db: Queryable, contentHash: string, format: PhotoFormat): Promise<Buffer | null> {
  const row = await queryOne<{ data: Uint8Array }>(
    db,
    'SELECT f.data FROM photo_files f JOIN photos p ON p.id = f.photo_id WHERE p.content_hash = $1 AND f.format = $2 ORDER BY f.width DESC LIMIT 1',
    [contentHash, format],
  );
  return row ? Buffer.from(row.data) : null;
}
