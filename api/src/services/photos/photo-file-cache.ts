import type { Database } from '../../db/database';
import { findPhotoFile, PHOTOS_REMOVED_CHANNEL, type PhotoFile, type PhotoFormat } from '../../repositories/photos-repository';

/** Files up to this size are kept whole once read; a larger one is streamed from the database each time. */
const LARGEST_KEPT = 512 * 1024;

export interface PhotoFileCache {
  /** The file whole (from memory, or read and kept), or its pieces to stream when it is too large to keep; null when there is none. */
  read(hash: string, width: number, format: PhotoFormat): Promise<{ data: Buffer } | PhotoFile | null>;
}

/**
 * The photo files read most recently, kept whole in memory up to `budgetBytes`,
 * and served from there without a database statement: on PGlite every statement
 * runs on the API's thread, and eight clients reading one photo, one small query
 * each, made every other request wait behind theirs (the bench's photo figure).
 *
 * A file's address holds the hash of its upload, so a kept file never changes; it
 * only goes away, when housekeeping removes a photo nothing shows any more. That
 * removal is announced on PHOTOS_REMOVED_CHANNEL in its own transaction, which
 * every replica (this one too) hears as it commits, and drops the files it kept.
 * While a replica cannot hear (its listening connection to a server dropped) it
 * keeps nothing and asks the database every time, until it is back.
 */
export async function openPhotoFileCache(db: Database, budgetBytes: number): Promise<PhotoFileCache> {
  const kept = new Map<string, Buffer>();
  const reading = new Map<string, Promise<{ data: Buffer } | PhotoFile | null>>();
  let bytes = 0;
  let hearing = true;
  // Bumped by every removal heard: a read that began before one may hold a removed file, and is not kept.
  let generation = 0;

  function forget(key: string): void {
    const file = kept.get(key);
    if (!file) return;
    kept.delete(key);
    bytes -= file.length;
  }

  function forgetAll(): void {
    kept.clear();
    bytes = 0;
    generation += 1;
  }

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

  await db.listen(PHOTOS_REMOVED_CHANNEL, {
    onMessage: (payload) => {
      generation += 1;
      const removed = new Set(payload.split(','));
      for (const key of kept.keys()) if (removed.has(key.slice(0, key.indexOf('/')))) forget(key);
    },
    onLost: () => {
      hearing = false;
      forgetAll();
    },
    onResync: () => {
      forgetAll();
      hearing = true;
    },
  });

  async function load(key: string, hash: string, width: number, format: PhotoFormat): Promise<{ data: Buffer } | PhotoFile | null> {
    const startedIn = generation;
    const file = await findPhotoFile(db, hash, width, format);
    if (!file || file.sizeBytes > LARGEST_KEPT) return file;
    const pieces: Buffer[] = [];
    for await (const piece of file.pieces()) pieces.push(piece);
    const data = Buffer.concat(pieces);
    // Fewer bytes than the file had: it was removed while its pieces were read.
    if (data.length !== file.sizeBytes) return null;
    if (hearing && startedIn === generation) keep(key, data);
    return { data };
  }

  return {
    read(hash, width, format) {
      const key = `${hash}/${width}.${format}`;
      const hit = kept.get(key);
      if (hit) {
        kept.delete(key);
        kept.set(key, hit);
        return Promise.resolve({ data: hit });
      }
      // One reading from the database however many ask for the file meanwhile.
      let loading = reading.get(key);
      if (!loading) {
        const current = load(key, hash, width, format).finally(() => {
          if (reading.get(key) === current) reading.delete(key);
        });
        reading.set(key, current);
        loading = current;
      }
      return loading;
    },
  };
}
