import type { ChangeListener, Database } from '../../db/database';
import { PHOTOS_REMOVED_CHANNEL } from '../../repositories/photos-repository';
import { openPhotoFileCache } from './photo-file-cache';

const HASH = 'abcdef0123456789abcdef01';

/** A database holding one 3-byte photo file, counting the statements it is sent, and the listener the cache gave it. */
function fakeDatabase() {
  const state = { statements: 0, listener: null as ChangeListener | null, removed: false };
  const query = <T>(sql: string, params: unknown[] = []): Promise<T[]> => {
    state.statements += 1;
    if (state.removed) return Promise.resolve([]);
    if (sql.includes('FROM photo_files')) return Promise.resolve([{ photo_id: 1, size_bytes: 3 }] as T[]);
    return Promise.resolve((params[3] === 0 ? [{ data: Buffer.from('abc').toString('base64') }] : []) as T[]);
  };
  const db = {
    engine: 'postgres',
    query,
    bulk: { query },
    listen: (channel: string, listener: ChangeListener) => {
      expect(channel).toBe(PHOTOS_REMOVED_CHANNEL);
      state.listener = listener;
      return Promise.resolve();
    },
  } as unknown as Database;
  return { db, state };
}

it('serves a file read once from memory, forgets it when its removal is heard, and keeps nothing while it cannot hear', async () => {
  const { db, state } = fakeDatabase();
  const cache = await openPhotoFileCache(db, 1024);
  const read = async () => {
    const file = await cache.read(HASH, 320, 'jpeg');
    return file && 'data' in file ? file.data.toString() : file;
  };

  expect(await read()).toBe('abc');
  const afterFirst = state.statements;
  expect([await read(), await read(), state.statements]).toEqual(['abc', 'abc', afterFirst]);

  // The connection that hears removals dropped: every read asks the database until it is back.
  state.listener!.onLost!();
  await read();
  await read();
  expect(state.statements).toBe(afterFirst + 2 * afterFirst);
  state.listener!.onResync();
  await read();
  const resynced = state.statements;
  await read();
  expect(state.statements).toBe(resynced);

  state.removed = true;
  state.listener!.onMessage(`0123456789abcdef01234567,${HASH}`);
  expect(await read()).toBeNull();
});

it('does not keep a file whose removal was heard while it was being read', async () => {
  const { db, state } = fakeDatabase();
  const cache = await openPhotoFileCache(db, 1024);
  const reading = cache.read(HASH, 320, 'jpeg');
  state.listener!.onMessage(HASH);
  await reading;
  const before = state.statements;
  await cache.read(HASH, 320, 'jpeg');
  expect(state.statements).toBeGreaterThan(before);
});
