import { menuMessages, PHOTO_MAX_BYTES } from '@samgyup/shared/validation';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { buildApp } from '../../app';
import type { Database } from '../../db/database';
import { forgetUnusedPhotos, insertPhoto, type NewPhoto } from '../../repositories/photos-repository';
import { createTestApp, type TestApp } from '../../test/create-test-app';
import { quickStaff } from '../../test/customer-helper';
import { multipartUpload, samplePhoto } from '../../test/sample-photos';

let t: TestApp;
let staff: Awaited<ReturnType<typeof quickStaff>>;
let itemId: number;
beforeAll(async () => {
  t = await createTestApp({ seed: true });
  staff = await quickStaff(t.app);
  itemId = (await t.db.query<{ id: number }>("SELECT id FROM menu_items WHERE name = 'Set A Unlimited Pork'"))[0].id;
});
afterAll(() => t.close());

const upload = (file: Buffer, options?: Parameters<typeof multipartUpload>[1], url = `/api/staff/menu-items/${itemId}/photo`) => {
  const body = multipartUpload(file, options);
  return t.app.inject({ method: 'POST', url, payload: body.payload, headers: { ...body.headers, ...staff.auth } });
};
const unlimited = async () =>
  (await t.app.inject({ method: 'GET', url: '/api/inventory/menu/unlimited' })).json().data as {
    id: number;
    image_url: string | null;
    photo: null | { path: string; widths: number[]; width: number; height: number; placeholder: string };
  }[];

/** What `read` answers, asked again for up to a second (a notice from a server travels on its own connection). */
async function eventually(read: () => Promise<number>, expected: number): Promise<number> {
  const started = Date.now();
  let value = await read();
  while (value !== expected && Date.now() - started < 1000) {
    await new Promise((resolve) => setTimeout(resolve, 20));
    value = await read();
  }
  return value;
}

describe('storing a photo', () => {
  const photo = (contentHash: string): NewPhoto => ({
    contentHash,
    width: 960,
    height: 600,
    placeholder: 'data:image/webp;base64,',
    files: [{ width: 960, format: 'jpeg', data: Buffer.alloc(70 * 1024, 1) }],
  });

  it('is seen under its name only once whole, and the same picture stored twice at once (two replicas) is kept once', async () => {
    const hash = 'abcdef0123456789abcdef01';
    // While its pieces go in, nothing is under its name: looked at as the first piece is written (a look after a
    // turn of the event loop could come after the whole photo on a fast server).
    const writePiece = t.db.bulk.query.bind(t.db.bulk);
    let underItsNameMidway: unknown = null;
    const piecesWritten = jest.spyOn(t.db.bulk, 'query').mockImplementationOnce(async (sql: string, params?: unknown[]) => {
      underItsNameMidway = await t.db.query('SELECT id FROM photos WHERE content_hash = $1', [hash]);
      return writePiece(sql, params);
    });
    const stored = insertPhoto(t.db, photo(hash), 'owner@samgyup.test');
    const [first, second] = await Promise.all([stored, insertPhoto(t.db, photo(hash), 'owner@samgyup.test')]);
    piecesWritten.mockRestore();
    expect(underItsNameMidway).toEqual([]);
    expect(second).toBe(first);
    const [{ photos, pieces }] = await t.db.query<{ photos: number; pieces: number }>(
      `SELECT (SELECT count(*)::int FROM photos WHERE uploaded_by = 'owner@samgyup.test') AS photos,
              (SELECT count(*)::int FROM photo_file_pieces WHERE photo_id = $1) AS pieces`,
      [first],
    );
    expect({ photos, pieces }).toEqual({ photos: 1, pieces: 3 });
    await t.db.query('DELETE FROM photos WHERE id = $1', [first]);
  });
});

describe('menu photos', () => {
  it.each(['jpeg', 'png', 'webp'] as const)('takes a %s from a phone and serves it in AVIF, WebP and JPEG at each width, cached for a year', async (format) => {
    const answer = await upload(await samplePhoto(format, 1200, 900, format.length * 10), { name: 'IMG_0001.bin', type: 'application/octet-stream' });
    expect(answer.json()).toEqual({ success: true, message: 'The photo is on the page.' });
    const photo = (await unlimited()).find((item) => item.id === itemId)!.photo!;
    expect(photo).toMatchObject({ path: expect.stringMatching(/^\/api\/photos\/[0-9a-f]{24}$/), widths: [320, 480, 720, 960], width: 960, height: 600 });
    expect(photo.placeholder).toMatch(/^data:image\/webp;base64,/);
    expect(photo.placeholder.length).toBeLessThan(600);
    for (const [file, type, shape] of [
      ['320.avif', 'image/avif', 'heif'],
      ['720.webp', 'image/webp', 'webp'],
      ['960.jpg', 'image/jpeg', 'jpeg'],
    ] as const) {
      const served = await t.app.inject({ method: 'GET', url: `${photo.path}/${file}` });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe(type);
      expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      const metadata = await sharp(served.rawPayload).metadata();
      expect([metadata.format, metadata.width, metadata.height]).toEqual([shape, Number(file.split('.')[0]), (Number(file.split('.')[0]) * 5) / 8]);
    }
  });

  it('makes a 1200 × 630 link-preview card of a photo, cached for a year, and none of a photo that does not exist', async () => {
    expect((await upload(await samplePhoto('jpeg', 1600, 1000))).statusCode).toBe(200);
    const photo = (await unlimited()).find((item) => item.id === itemId)!.photo!;
    const card = await t.app.inject({ method: 'GET', url: `${photo.path}/share-card.jpg` });
    expect(card.statusCode).toBe(200);
    expect(card.headers['content-type']).toBe('image/jpeg');
    expect(card.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const metadata = await sharp(card.rawPayload).metadata();
    expect([metadata.format, metadata.width, metadata.height]).toEqual(['jpeg', 1200, 630]);
    expect((await t.app.inject({ method: 'GET', url: '/api/photos/0123456789abcdef01234567/share-card.jpg' })).json()).toEqual({ success: false, message: 'No such photo.' });
  });

  it('keeps no metadata of the upload (a phone photo carries its GPS position) and turns it upright', async () => {
    const sideways = await sharp(await samplePhoto('jpeg', 900, 1200))
      .withMetadata({ orientation: 6 })
      .jpeg()
      .toBuffer();
    expect((await upload(sideways)).statusCode).toBe(200);
    const photo = (await unlimited()).find((item) => item.id === itemId)!.photo!;
    const served = await t.app.inject({ method: 'GET', url: `${photo.path}/720.jpg` });
    const metadata = await sharp(served.rawPayload).metadata();
    expect([metadata.exif, metadata.orientation]).toEqual([undefined, undefined]);
  });

  it("makes only the widths the photo is large enough for, and the first version's field image_url names its largest JPEG", async () => {
    await upload(await samplePhoto('png', 700, 450));
    const item = (await unlimited()).find((one) => one.id === itemId)!;
    expect(item.photo).toMatchObject({ widths: [320, 480], width: 480, height: 300 });
    expect(item.image_url).toBe(`${item.photo!.path}/480.jpg`);
    expect((await t.app.inject({ method: 'GET', url: `${item.photo!.path}/720.jpg` })).statusCode).toBe(404);
  });

  it('records each change of photo and removes one (the page then shows its bundled picture)', async () => {
    const removed = await t.app.inject({ method: 'DELETE', url: `/api/staff/menu-items/${itemId}/photo`, headers: staff.auth });
    expect(removed.statusCode).toBe(200);
    expect((await unlimited()).find((item) => item.id === itemId)).toMatchObject({ photo: null, image_url: null });
    const entries = await t.db.query<{ details: { new_photo_id: number | null } }>("SELECT details FROM audit_log WHERE action = 'menu-item.photo' ORDER BY id");
    expect(entries.length).toBeGreaterThanOrEqual(5);
    expect(entries.at(-1)?.details.new_photo_id).toBeNull();
  });
});

describe('photo files', () => {
  it('are served whole from their pieces, and a replaced photo is removed an hour after it was let go', async () => {
    expect((await upload(await samplePhoto('jpeg', 1000, 640, 71, { grain: true }))).statusCode).toBe(200);
    const first = (await unlimited()).find((item) => item.id === itemId)!.photo!;
    const [{ pieces }] = await t.db.query<{ pieces: number }>(
      "SELECT count(*)::int AS pieces FROM photo_file_pieces k JOIN photos p ON p.id = k.photo_id WHERE p.content_hash = $1 AND k.width = 960 AND k.format = 'jpeg'",
      [first.path.split('/').at(-1)],
    );
    const jpeg = await t.app.inject({ method: 'GET', url: `${first.path}/960.jpg` });
    expect(jpeg.statusCode).toBe(200);
    expect(Number(jpeg.headers['content-length'])).toBe(jpeg.rawPayload.length);
    expect(pieces).toBe(Math.ceil(jpeg.rawPayload.length / (32 * 1024)));
    expect(await sharp(jpeg.rawPayload).metadata()).toMatchObject({ format: 'jpeg', width: 960, height: 600 });

    expect((await upload(await samplePhoto('jpeg', 1000, 640, 72, { grain: true }))).statusCode).toBe(200);
    const second = (await unlimited()).find((item) => item.id === itemId)!.photo!;
    // Pages drawn before the change may still ask for the old photo for a while.
    await forgetUnusedPhotos(t.db);
    expect((await t.app.inject({ method: 'GET', url: `${first.path}/960.jpg` })).statusCode).toBe(200);
    await t.db.query("UPDATE photos SET chosen_at = chosen_at - interval '2 hours'");
    expect(await forgetUnusedPhotos(t.db)).toBeGreaterThanOrEqual(1);
    expect(await eventually(async () => (await t.app.inject({ method: 'GET', url: `${first.path}/960.jpg` })).statusCode, 404)).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `${second.path}/960.jpg` })).statusCode).toBe(200);
    const [{ orphans }] = await t.db.query<{ orphans: number }>(
      'SELECT count(*)::int AS orphans FROM photo_file_pieces k WHERE NOT EXISTS (SELECT 1 FROM photos p WHERE p.id = k.photo_id)',
    );
    expect(orphans).toBe(0);
  }, 90_000);
});

describe('photo files on two replicas', () => {
  // A second replica on the same database, counting the statements it sends.
  let neighbour: FastifyInstance;
  let statements = 0;
  beforeAll(async () => {
    const counted: Database = {
      ...t.db,
      engine: t.db.engine,
      query: (sql, params) => ((statements += 1), t.db.query(sql, params)),
      bulk: { query: (sql, params) => ((statements += 1), t.db.bulk.query(sql, params)) },
    };
    neighbour = await buildApp({ config: t.config, db: counted });
    await neighbour.ready();
  });
  afterAll(() => neighbour.close());

  it('are read from the database once, then served from memory with no statement, and a browser that has one hears 304', async () => {
    expect((await upload(await samplePhoto('jpeg', 1000, 640, 81))).statusCode).toBe(200);
    const photo = (await unlimited()).find((item) => item.id === itemId)!.photo!;
    const first = await neighbour.inject({ method: 'GET', url: `${photo.path}/720.webp` });
    expect(first.statusCode).toBe(200);
    statements = 0;
    const again = await Promise.all([1, 2, 3].map(() => neighbour.inject({ method: 'GET', url: `${photo.path}/720.webp` })));
    expect(again.map((answer) => [answer.statusCode, answer.rawPayload.equals(first.rawPayload)])).toEqual([
      [200, true],
      [200, true],
      [200, true],
    ]);
    expect(statements).toBe(0);
    expect(first.headers.etag).toBe(`"${photo.path.split('/').at(-1)}-720.webp"`);
    const revalidated = await neighbour.inject({ method: 'GET', url: `${photo.path}/720.webp`, headers: { 'if-none-match': String(first.headers.etag) } });
    expect([revalidated.statusCode, revalidated.rawPayload.length]).toEqual([304, 0]);
  });

  it('are gone from every replica once housekeeping on one removes their photo', async () => {
    expect((await upload(await samplePhoto('jpeg', 1000, 640, 82))).statusCode).toBe(200);
    const old = (await unlimited()).find((item) => item.id === itemId)!.photo!;
    const status = (app: FastifyInstance) => async () => (await app.inject({ method: 'GET', url: `${old.path}/480.jpg` })).statusCode;
    // Both replicas keep the file in memory.
    expect([await status(t.app)(), await status(neighbour)()]).toEqual([200, 200]);
    expect((await upload(await samplePhoto('jpeg', 1000, 640, 83))).statusCode).toBe(200);
    await t.db.query("UPDATE photos SET chosen_at = chosen_at - interval '2 hours' WHERE content_hash = $1", [old.path.split('/').at(-1)]);
    expect(await forgetUnusedPhotos(t.db)).toBeGreaterThanOrEqual(1);
    expect([await eventually(status(t.app), 404), await eventually(status(neighbour), 404)]).toEqual([404, 404]);
  });
});

describe('hostile photo uploads', () => {
  const pngHeader = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  it.each([
    ['garbage', () => Promise.resolve(Buffer.from('MZ this is not a picture at all'.repeat(20))), 415, menuMessages.photoType],
    ['a PNG header on junk', () => Promise.resolve(Buffer.concat([pngHeader, Buffer.alloc(4096, 0x41)])), 422, menuMessages.photoUnreadable],
    [
      'a GIF',
      () =>
        sharp({ create: { width: 400, height: 300, channels: 3, background: '#fff' } })
          .gif()
          .toBuffer(),
      415,
      menuMessages.photoType,
    ],
    ['an SVG (script inside)', () => Promise.resolve(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>')), 415, menuMessages.photoType],
    ['an iPhone HEIC', () => Promise.resolve(Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypheic'), Buffer.alloc(64)])), 415, menuMessages.photoHeic],
    ['a tiny picture', () => samplePhoto('jpeg', 100, 80), 422, menuMessages.photoTooSmall],
    // 10,000 x 8,000 pixels of one colour: a few hundred KB that would unpack into 240 MB.
    [
      'a decompression bomb',
      () =>
        sharp({ create: { width: 10_000, height: 8_000, channels: 3, background: '#000' }, limitInputPixels: false })
          .png({ compressionLevel: 9 })
          .toBuffer(),
      422,
      menuMessages.photoTooManyPixels,
    ],
  ])('refuses %s with a clear message and keeps the item as it was', async (_name, make, status, message) => {
    const before = (await unlimited()).find((item) => item.id === itemId)!.photo;
    const answer = await upload(await make());
    expect([answer.statusCode, answer.json()]).toEqual([status, { success: false, message }]);
    expect((await unlimited()).find((item) => item.id === itemId)!.photo).toEqual(before);
  });

  it('refuses a file over the limit (413), a body with no file (400) and a body that is not multipart (415)', async () => {
    const huge = await upload(Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), Buffer.alloc(PHOTO_MAX_BYTES + 10)]));
    expect([huge.statusCode, huge.json().message]).toEqual([413, menuMessages.photoTooLarge]);
    const noFile = await upload(Buffer.alloc(0), { field: 'picture' });
    expect([noFile.statusCode, noFile.json().message]).toEqual([400, menuMessages.photoMissing]);
    const json = await t.app.inject({ method: 'POST', url: `/api/staff/menu-items/${itemId}/photo`, headers: staff.auth, payload: { file: 'x' } });
    expect(json.statusCode).toBe(415);
  });

  it('answers 404 for an unknown item or photo, whatever the address holds', async () => {
    expect((await upload(await samplePhoto('jpeg'), undefined, '/api/staff/menu-items/999999/photo')).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/photos/0123456789abcdef01234567/320.avif' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/photos/..%2F..%2Fetc/passwd' })).statusCode).toBe(404);
  });
});
