const { mkdtempSync, writeFileSync } = require('node:fs');
const http = require('node:http');
const { tmpdir } = require('node:os');
const path = require('node:path');
const { brotliCompressSync, brotliDecompressSync, constants: zlibConstants } = require('node:zlib');
const { contentSecurityPolicy, createStaticServer, listen } = require('./static-server.cjs');
const { originOf } = require('./testing/site-fixtures.cjs');

const root = mkdtempSync(path.join(tmpdir(), 'static-server-'));
writeFileSync(path.join(root, 'index.html'), '<p>home</p>');
writeFileSync(path.join(root, 'app.html'), '<p>app</p>');
writeFileSync(path.join(root, 'main.js'), 'var started = true;');
writeFileSync(path.join(root, 'icon.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47]));
writeFileSync(path.join(root, 'logo.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');

/** @type {import('node:http').Server[]} */
const servers = [];
/** @param {Partial<Parameters<typeof createStaticServer>[0]>} options */
async function serve(options) {
  const server = await listen(createStaticServer({ root, ...options }), 0);
  servers.push(server);
  return originOf(server);
}
afterAll(() => Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve)))));

describe('addresses the server cannot decode', () => {
  it.each(['/feedback%', '/%E0%A4%A', '/menu/%zz'])('a site answers %s with its own page and a 404, as an unknown route', async (address) => {
    const origin = await serve({ spa: true });
    const unknown = await fetch(`${origin}/no-such-page`);
    expect(await unknown.text()).toBe('<p>app</p>');
    const response = await fetch(`${origin}${address}`);
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toContain('text/html');
    expect(response.headers.get('content-security-policy')).toBeTruthy();
    expect(await response.text()).toBe('<p>app</p>');
  });

  it('a remote, which has no pages, says "Bad request" in words', async () => {
    const origin = await serve({ cors: true });
    const response = await fetch(`${origin}/remoteEntry%.js`);
    expect(response.status).toBe(400);
    expect(await response.text()).toBe('Bad request');
  });
});

describe('security headers', () => {
  const pageCsp = contentSecurityPolicy({ scriptOrigins: ['https://menus.example', 'https://menus.example'], connectOrigins: ['https://api.example'] });

  it("gives a page, and an SVG picture a browser could open as a document, the page's policies", async () => {
    const origin = await serve({ spa: true, csp: pageCsp });
    for (const address of ['/', '/logo.svg', '/no-such-page']) {
      const headers = (await fetch(`${origin}${address}`)).headers;
      expect(headers.get('content-security-policy')).toBe(pageCsp);
      expect(headers.get('x-frame-options')).toBe('DENY');
      expect(headers.get('permissions-policy')).toContain('camera=()');
      expect(headers.get('cross-origin-opener-policy')).toBe('same-origin');
    }
  });

  it('gives a script, a picture and a JSON document a short set that still stops sniffing, framing and outside sources', async () => {
    const origin = await serve({ spa: true, csp: pageCsp, json: () => ({ '/env.json': { version: 'x' } }) });
    for (const address of ['/main.js', '/icon.png', '/env.json']) {
      const response = await fetch(`${origin}${address}`);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-security-policy')).toBe("default-src 'self'; frame-ancestors 'none'");
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
      expect(response.headers.get('x-frame-options')).toBeNull();
    }
  });

  it("names each origin once in a page's policy (remotes deployed on one host share theirs)", () => {
    expect(pageCsp).toContain("script-src 'self' https://menus.example;");
    expect(pageCsp).toContain("img-src 'self' data: blob: https://menus.example https://api.example;");
    expect(pageCsp).toContain("connect-src 'self' https://menus.example https://api.example;");
  });
});

describe('the page that starts a route', () => {
  it("is the one sitePage names for the path (the console starts without the diners' header), and app.html in a release without it", async () => {
    const withConsole = mkdtempSync(path.join(tmpdir(), 'static-server-console-'));
    writeFileSync(path.join(withConsole, 'app.html'), '<p>app</p>');
    writeFileSync(path.join(withConsole, 'console.html'), '<p>console</p>');
    const sitePage = (/** @type {string} */ pathname) => (pathname.startsWith('/staff') ? 'console.html' : 'app.html');
    const origin = await serve({ spa: true, sitePage, root: withConsole });
    expect(await (await fetch(`${origin}/staff/reservations`)).text()).toBe('<p>console</p>');
    expect(await (await fetch(`${origin}/feedback`)).text()).toBe('<p>app</p>');
    const older = await serve({ spa: true, sitePage });
    expect(await (await fetch(`${older}/staff/reservations`)).text()).toBe('<p>app</p>');
  });
});

describe('a file removed while it is being sent', () => {
  it('answers 404 "Not found", not a server error, when its release is pruned between finding and reading the file', async () => {
    const gone = path.join(root, 'gone.json');
    writeFileSync(gone, '{}');
    /** @type {typeof import('./static-server.cjs')} */
    let isolated = /** @type {never} */ (null);
    jest.isolateModules(() => {
      const real = jest.requireActual('node:fs/promises');
      let asked = 0;
      // The first look finds the file; by the second the release folder has gone.
      jest.doMock('node:fs/promises', () => ({
        ...real,
        stat: (/** @type {string} */ file) => (file === gone && (asked += 1) > 1 ? Promise.reject(Object.assign(new Error('ENOENT'), { code: 'ENOENT' })) : real.stat(file)),
      }));
      isolated = require('./static-server.cjs');
    });
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const server = await isolated.listen(isolated.createStaticServer({ root }), 0);
    servers.push(server);
    const response = await fetch(`${originOf(server)}/gone.json`);
    expect(response.status).toBe(404);
    expect(await response.text()).toBe('Not found');
    expect(error).not.toHaveBeenCalled();
  });
});

describe('compression of the files it keeps', () => {
  /** The response's bytes as sent, still compressed (fetch would undo the encoding). @param {string} url */
  const rawGet = (url) =>
    new Promise((resolve, reject) =>
      http
        .get(url, { headers: { 'Accept-Encoding': 'br, gzip' } }, (response) => {
          /** @type {Buffer[]} */
          const chunks = [];
          response.on('data', (chunk) => chunks.push(chunk));
          response.on('end', () => resolve({ encoding: response.headers['content-encoding'], body: Buffer.concat(chunks) }));
        })
        .on('error', reject),
    );
  const script = Array.from({ length: 3000 }, (_, index) => `export const item${index} = { name: 'Item ${index}', price: ${(index * 37) % 500} };`).join('\n');
  writeFileSync(path.join(root, 'chunk.0123abcd.js'), script);
  const strongest = brotliCompressSync(Buffer.from(script), { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: zlibConstants.BROTLI_MAX_QUALITY } });

  it("answers at once, then sends the same file at brotli's strongest setting once that is made", async () => {
    const origin = await serve({ cors: true });
    /** @type {{ encoding: string, body: Buffer }} */
    const first = /** @type {never} */ (await rawGet(`${origin}/chunk.0123abcd.js`));
    expect(first.encoding).toBe('br');
    expect(brotliDecompressSync(first.body).toString()).toBe(script);
    /** @type {{ encoding: string, body: Buffer }} */
    let later = first;
    for (let tries = 0; tries < 50 && later.body.length > strongest.length; tries += 1) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      later = /** @type {never} */ (await rawGet(`${origin}/chunk.0123abcd.js`));
    }
    expect(later.encoding).toBe('br');
    expect(later.body.length).toBe(strongest.length);
    expect(later.body.length).toBeLessThan(first.body.length);
    expect(brotliDecompressSync(later.body).toString()).toBe(script);
  });
});
