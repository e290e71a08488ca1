import type { Database } from '../../db/database';
import { findPhotoFile, type PhotoFile, type PhotoFormat } from '../../repositories/photos-repository';

/** Files up to this size are kept whole once read; a larger one is streamed from the database each time. */
const LARGEST_KEPT = 512 * 1024;

/**
 * The photo files read most recently, kept whole in memory up to `budgetBytes`.
 * A file's address holds the hash of its upload, so a kept file is never stale,
 * and a reader after the first costs one small query instead of a query and a
 * base64 decoding per 32 KB piece: on PGlite those run on the API's thread, and
 * eight clients reading one photo slowed every other request (the bench's photo figure).
 */
export function createPhotoFileCache(budgetBytes: number) {
  const kept = new Map<string, Buffer>();
  let bytes = 0;

  function keep(key: string, data: Buffer): void {
    if (data.length > LARGEST_KEPT || data.length > budgetBytes) return;
    kept.set(key, data);
    bytes += data.length;
    // Least recently used first: a Map iterates in insertion order, and a hit re-inserts.
    for (const [oldest, file] of kept) {
      if (bytes <= budgetBytes) break;
      kept.delete(oldest);
      bytes -= file.length;
    }
  }

  /**
   * The file whole (from memory, or read and kept), or its pieces to stream when it is too large to keep; null when there
   * is none. Whether the file exists is asked every time (one small query), so a photo removed by housekeeping is gone at once.
   */
  async function read(db: Database, hash: string, width: number, format: PhotoFormat): Promise<{ data: Buffer } | PhotoFile | null> {
    const file = await findPhotoFile(db, hash, width, format);
    if (!file) return null;
    const key = `${hash}/${width}.${format}`;
    const hit = kept.get(key);
    if (hit) {
      kept.delete(key);
      kept.set(key, hit);
      return { data: hit };
    }
    if (file.sizeBytes > LARGEST_KEPT) return file;
    const pieces: Buffer[] = [];
    for await (const piece of file.pieces()) pieces.push(piece);
    const data = Buffer.concat(pieces);
    keep(key, data);
    return { data };
  }

  return { read };
}
