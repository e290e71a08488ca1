const { existsSync, mkdirSync, mkdtempSync, readFileSync, utimesSync, writeFileSync } = require('node:fs');
const http = require('node:http');
const { tmpdir } = require('node:os');
const path = require('node:path');
const { brotliCompressSync, brotliDecompressSync, gunzipSync } = require('node:zlib');
const { writePrecompressed } = require('./precompressed-files.cjs');
const { createStaticServer, listen } = require('./static-server.cjs');
const { originOf } = require('./testing/site-fixtures.cjs');

/** A script big and repetitive enough to compress well. */
const script = Array.from({ length: 400 }, (_, index) => `export const item${index} = { name: 'Samgyupsal ${index}', price: ${index * 10} };`).join('\n');

describe('a release’s files compressed ahead', () => {
  it('writes name.br and name.gz beside each text file worth it, each decoding to the file', async () => {
    const dist = mkdtempSync(path.join(tmpdir(), 'precompressed-'));
    mkdirSync(path.join(dist, 'assets'));
    writeFileSync(path.join(dist, 'main.3f2a1b0c.js'), script);
    writeFileSync(path.join(dist, 'assets', 'menu.css'), `.menu{color:red}\n`.repeat(100));
    writeFileSync(path.join(dist, 'main.3f2a1b0c.js.map'), script);
    writeFileSync(path.join(dist, 'tiny.js'), 'var a = 1;');
    writeFileSync(path.join(dist, 'photo.webp'), Buffer.alloc(4096, 7));

    const totals = await writePrecompressed(dist);

    for (const file of ['main.3f2a1b0c.js', path.join('assets', 'menu.css')]) {
      const raw = readFileSync(path.join(dist, file));
      expect(brotliDecompressSync(readFileSync(path.join(dist, `${file}.br`)))).toEqual(raw);
      expect(gunzipSync(readFileSync(path.join(dist, `${file}.gz`)))).toEqual(raw);
    }
    // Source maps (developer tools only), files too small to gain, and pictures are left as they are.
    for (const file of ['main.3f2a1b0c.js.map', 'tiny.js', 'photo.webp']) {
      expect([file, existsSync(path.join(dist, `${file}.br`)), existsSync(path.join(dist, `${file}.gz`))]).toEqual([file, false, false]);
    }
    expect(totals.files).toBe(2);
    expect(totals.brotliBytes).toBeLessThan(totals.rawBytes / 5);
  });
});

describe('the static server', () => {
  /** @type {http.Server[]} */
  const servers = [];
  afterAll(() => Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve)))));

  /** @param {string} root @param {string} address @param {string} acceptEncoding */
  async function fetchRaw(root, address, acceptEncoding) {
    const server = await listen(createStaticServer({ root, cors: true }), 0);
    servers.push(server);
    const { port } = new URL(originOf(server));
    return new Promise((resolve, reject) => {
      http
        .get({ host: '127.0.0.1', port, path: address, headers: { 'Accept-Encoding': acceptEncoding } }, (res) => {
          /** @type {Buffer[]} */
          const chunks = [];
          res.on('data', (chunk) => chunks.push(chunk));
          res.on('end', () => resolve({ encoding: res.headers['content-encoding'], body: Buffer.concat(chunks) }));
        })
        .on('error', reject);
    });
  }

  it('sends the body compressed ahead as it is, rather than compressing the file again', async () => {
    const root = mkdtempSync(path.join(tmpdir(), 'precompressed-served-'));
    writeFileSync(path.join(root, 'main.js'), script);
    await writePrecompressed(root);
    // What the release holds is what goes out, byte for byte.
    const answer = /** @type {{ encoding: string, body: Buffer }} */ (await fetchRaw(root, '/main.js', 'gzip, br'));
    expect(answer.encoding).toBe('br');
    expect(answer.body).toEqual(readFileSync(path.join(root, 'main.js.br')));
    const gzipped = /** @type {{ encoding: string, body: Buffer }} */ (await fetchRaw(root, '/main.js', 'gzip'));
    expect(gzipped.body).toEqual(readFileSync(path.join(root, 'main.js.gz')));
  });

  it('leaves one older than its file aside: it holds what the file was', async () => {
    const root = mkdtempSync(path.join(tmpdir(), 'precompressed-stale-'));
    writeFileSync(path.join(root, 'main.js'), script);
    writeFileSync(path.join(root, 'main.js.br'), brotliCompressSync('var before = true;'));
    const past = new Date(Date.now() - 60_000);
    utimesSync(path.join(root, 'main.js.br'), past, past);
    const answer = /** @type {{ encoding: string, body: Buffer }} */ (await fetchRaw(root, '/main.js', 'br'));
    expect(answer.encoding).toBe('br');
    expect(brotliDecompressSync(answer.body).toString()).toBe(script);
  });
});
