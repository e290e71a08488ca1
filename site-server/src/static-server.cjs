// A small production static server for the shell and the remotes: compressed
// responses, long caching for content-hashed files, security headers, CORS for
// remote assets, and the shell's runtime JSON files. Any static host or CDN can
// serve the released files instead (docs/deploy.md); this one also draws the
// shell's pages (first screens, preload hints) and follows the release registry.
const { createHash } = require('node:crypto');
const { createReadStream } = require('node:fs');
const { readFile, stat } = require('node:fs/promises');
const http = require('node:http');
const path = require('node:path');
const { brotliCompressSync, gzipSync, constants: zlibConstants } = require('node:zlib');
const { COMPRESSIBLE, brotliStrongest, readPrecompressed } = require('./precompressed-files.cjs');

/** @type {Record<string, string>} content types by file extension */
const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
  '.xml': 'application/xml; charset=utf-8',
};
const HASHED = /\.[0-9a-f]{8}\.[a-z0-9]+$/;

/** @param {unknown} error  a file system error of a file that is not there (any more) */
const isGone = (error) => ['ENOENT', 'ENOTDIR'].includes(/** @type {{ code?: string } | null} */ (error)?.code ?? '');
/** @param {string} acceptEncoding @returns {'br' | 'gzip' | null} */
const chooseEncoding = (acceptEncoding) => (/\bbr\b/.test(acceptEncoding) ? 'br' : /\bgzip\b/.test(acceptEncoding) ? 'gzip' : null);

/**
 * Files compressed once and kept get a strong setting; a page made per request a quick one.
 * @param {Buffer} raw @param {'br' | 'gzip'} encoding @param {'kept' | 'per request'} use
 */
function compress(raw, encoding, use) {
  const strong = use === 'kept';
  return encoding === 'br' ? brotliCompressSync(raw, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: strong ? 9 : 5 } }) : gzipSync(raw, { level: strong ? 9 : 6 });
}

/**
 * Content-Security-Policy for pages: only our own origins, and no inline script but the ones named by their hash.
 * @param {{ scriptOrigins?: string[], connectOrigins?: string[], scriptHashes?: string[] }} [origins]
 *   scriptHashes: CSP hash sources ('sha256-…') of the inline scripts the page may run
 */
function contentSecurityPolicy({ scriptOrigins = [], connectOrigins = [], scriptHashes = [] } = {}) {
  // Each origin once: remotes deployed on one host share it, and every response carries the policy.
  const scripts = ["'self'", ...new Set(scriptOrigins)].join(' ');
  const others = [...new Set([...scriptOrigins, ...connectOrigins])];
  const connects = ["'self'", ...others].join(' ');
  return [
    "default-src 'self'",
    `script-src ${[scripts, ...scriptHashes].join(' ')}`,
    `style-src ${scripts}`,
    `img-src 'self' data: blob: ${others.join(' ')}`.trim(),
    "font-src 'self'",
    `connect-src ${connects}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/**
 * What a browser may open as a document that runs script: it gets the page's policies. A script, style sheet,
 * picture or JSON file is not one (a CSP, frame or permissions policy applies to the document a file is loaded
 * into), and nginx sends every response's headers in full, so the page's set cost each such file 0.6 KB.
 */
const DOCUMENTS = new Set(['.html', '.svg', '.xml']);

/** Every other file's: no sniffing it as another type, and should it be opened on its own, nothing from elsewhere and no frame. */
const FILE_SECURITY_HEADERS = {
  'Content-Security-Policy': "default-src 'self'; frame-ancestors 'none'",
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
};

/** A document's: the file's set with the page's own policy, and the policies only a document has. @param {string} csp */
function securityHeaders(csp) {
  return {
    ...FILE_SECURITY_HEADERS,
    'Content-Security-Policy': csp,
    'X-Frame-Options': 'DENY',
    'Permissions-Policy': 'camera=(), microphone=(), geolocation=()',
    'Cross-Origin-Opener-Policy': 'same-origin',
  };
}

/**
 * `pathname` inside `folder`, or null when it would step outside it.
 * @param {string} folder @param {string} pathname
 */
function fileInside(folder, pathname) {
  const file = path.join(folder, path.normalize(pathname).replace(/^([/\\])+/, ''));
  return file === path.resolve(folder) || file.startsWith(path.resolve(folder) + path.sep) ? file : null;
}

/**
 * @typedef {{ body: Buffer, encoding: string | null } | { body: null, size: number, encoding: null }} Encoded
 *   what a response sends; no body: the file streamed as it is (`size` bytes)
 */

/**
 * @param {object} options
 * @param {string | (() => string | null)} options.root  folder to serve (read per request: the live release); null: nothing released
 * @param {(pathname: string, root: string | null) => Array<string | null>} [options.locate]  the files that may answer a path, in order (default: the path inside root)
 * @param {boolean} [options.spa]               unknown paths get app.html (the shell without a prerendered page), else index.html
 * @param {(pathname: string) => string} [options.sitePage]  with spa: the page file that starts this path instead of app.html (when the release has it)
 * @param {boolean} [options.cors]              allow any origin to fetch assets (remotes)
 * @param {(pathname: string) => Record<string, unknown>} [options.json]  extra JSON documents by path, read per request
 * @param {(pathname: string) => { type: string, body: string } | null} [options.text]  a text document at this path (type: an extension, '.txt'), or null; read per request
 * @param {string | (() => string)} [options.csp]  Content-Security-Policy, or a function read per request
 * @param {(pathname: string) => string} [options.pageLinks]  a Link header (preloads) for each page, by its path
 * @param {(pathname: string, html: string) => string | Promise<string>} [options.pageBody]  the HTML sent for a page, by its path, from the file's HTML
 * @param {(pathname: string) => { status?: number, headers?: Record<string, string> }} [options.pageAnswer]  a page's status (404: no such page) and extra headers
 * @param {(req: http.IncomingMessage, res: http.ServerResponse, answer: () => Promise<unknown>) => Promise<unknown>} [options.aroundRequest]
 *   runs each request's answer (the shell's server: inside the visitor's cohort, for canaries)
 */
function createStaticServer({
  root,
  locate,
  spa = false,
  sitePage = () => 'app.html',
  cors = false,
  json = () => ({}),
  text = () => null,
  csp = contentSecurityPolicy(),
  pageLinks,
  pageBody,
  pageAnswer,
  aroundRequest = (_req, _res, answer) => answer(),
}) {
  /** @type {Map<string, Buffer>} compressed files by path, modification time and encoding */
  const compressed = new Map();
  const rootNow = typeof root === 'function' ? root : () => root;
  const candidates = locate ?? ((/** @type {string} */ pathname, /** @type {string | null} */ folder) => [folder && fileInside(folder, pathname)]);
  const cspNow = typeof csp === 'function' ? csp : () => csp;
  /**
   * @param {string} extension
   * @param {'answer' | 'file'} [as]  a file found (documents aside, the short set), or the server's own answer (an error: the page's set)
   */
  const headersFor = (extension, as = 'answer') => ({
    ...(as === 'file' && !DOCUMENTS.has(extension) ? FILE_SECURITY_HEADERS : securityHeaders(cspNow())),
    ...(cors ? { 'Access-Control-Allow-Origin': '*', 'Cross-Origin-Resource-Policy': 'cross-origin' } : {}),
    'Content-Type': TYPES[extension] ?? 'application/octet-stream',
  });
  /** @param {http.ServerResponse} res */
  const notFound = (res) => res.writeHead(404, { ...headersFor('.txt'), 'Cache-Control': 'no-cache' }).end('Not found');

  /**
   * @param {string} file @param {string} extension @param {string} acceptEncoding
   * @returns {Promise<Encoded>}
   */
  async function encode(file, extension, acceptEncoding) {
    const info = await stat(file);
    if (!COMPRESSIBLE.has(extension)) return { body: null, size: info.size, encoding: null };
    const encoding = chooseEncoding(acceptEncoding);
    if (!encoding) return { body: await readFile(file), encoding: null };
    const key = `${file}:${info.mtimeMs}:${encoding}`;
    let body = compressed.get(key);
    if (!body) {
      // A release's files come compressed at the strongest setting already (precompressed-files.cjs).
      const ahead = await readPrecompressed(file, info.mtimeMs, encoding);
      if (ahead) {
        compressed.set(key, ahead);
        return { body: ahead, encoding };
      }
      const raw = await readFile(file);
      body = compress(raw, encoding, 'kept');
      compressed.set(key, body);
      // The next requests get it at the strongest setting; until then, and if that fails, they get this one.
      if (encoding === 'br')
        brotliStrongest(raw).then(
          (strongest) => compressed.set(key, strongest),
          () => undefined,
        );
    }
    return { body, encoding };
  }

  /**
   * A page whose HTML `pageBody` may change per path (compressed per request; pages are a few KB).
   * @param {(pathname: string, html: string) => string | Promise<string>} pageBody
   * @param {string} file @param {string} pathname @param {string} acceptEncoding
   * @returns {Promise<Encoded>}
   */
  async function encodePage(pageBody, file, pathname, acceptEncoding) {
    const raw = Buffer.from(await pageBody(pathname, await readFile(file, 'utf8')));
    const encoding = chooseEncoding(acceptEncoding);
    return { body: encoding ? compress(raw, encoding, 'per request') : raw, encoding };
  }

  /** @param {http.IncomingMessage} req @param {http.ServerResponse} res @param {string} file */
  async function send(req, res, file, status = 200) {
    const extension = path.extname(file);
    const info = await stat(file);
    const etag = `"${info.size.toString(36)}-${Math.floor(info.mtimeMs).toString(36)}"`;
    // Pages always come fresh: their Content-Security-Policy follows the remotes file.
    if (extension !== '.html' && req.headers['if-none-match'] === etag) {
      res.writeHead(304, { ETag: etag, 'Cache-Control': HASHED.test(file) ? 'public, max-age=31536000, immutable' : 'no-cache' });
      return res.end();
    }
    const acceptEncoding = String(req.headers['accept-encoding'] ?? '');
    const pathname = new URL(req.url ?? '/', 'http://localhost').pathname;
    const encoded = extension === '.html' && pageBody ? await encodePage(pageBody, file, pathname, acceptEncoding) : await encode(file, extension, acceptEncoding);
    const { body, encoding } = encoded;
    const answer = extension === '.html' && pageAnswer ? pageAnswer(pathname) : {};
    /** @type {Record<string, string | number>} */
    const headers = {
      ...headersFor(extension, 'file'),
      'Cache-Control': HASHED.test(file) ? 'public, max-age=31536000, immutable' : 'no-cache',
      Vary: 'Accept-Encoding',
      ETag: etag,
      ...answer.headers,
    };
    if (encoding) headers['Content-Encoding'] = encoding;
    if (extension === '.html' && pageLinks) {
      const links = pageLinks(pathname);
      if (links) headers.Link = links;
    }
    headers['Content-Length'] = encoded.body === null ? encoded.size : encoded.body.length;
    // An address no part serves still shows the site's "not found" page, with the status that says so.
    res.writeHead(status === 200 && answer.status ? answer.status : status, headers);
    if (req.method === 'HEAD') return res.end();
    if (body) return res.end(body);
    createReadStream(file).pipe(res);
  }

  /** @param {string} file */
  async function exists(file) {
    try {
      return (await stat(file)).isFile();
    } catch {
      return false;
    }
  }

  /**
   * The shell's page for a route it does not have as a file: index.html carries the prerendered home page, app.html (or the
   * page `sitePage` names, in a release that has it) starts every other route.
   * @param {http.IncomingMessage} req @param {http.ServerResponse} res @param {string | null} folder @param {string} pathname
   */
  async function sendSitePage(req, res, folder, pathname, status = 200) {
    if (!folder) {
      res.writeHead(503, { ...headersFor('.txt'), 'Cache-Control': 'no-cache', 'Retry-After': '10' });
      return res.end('The site has no released shell yet. Release one with: npm run release -w @samgyup/shell');
    }
    for (const page of [sitePage(pathname), 'app.html']) {
      if (await exists(path.join(folder, page))) return send(req, res, path.join(folder, page), status);
    }
    return send(req, res, path.join(folder, 'index.html'), status);
  }

  /** @param {http.IncomingMessage} req @param {http.ServerResponse} res */
  async function answer(req, res) {
    try {
      if (req.method === 'OPTIONS' && cors) {
        res.writeHead(204, { 'Access-Control-Allow-Origin': '*', 'Access-Control-Allow-Methods': 'GET, HEAD' });
        return res.end();
      }
      if (req.method !== 'GET' && req.method !== 'HEAD') {
        res.writeHead(405, { ...headersFor('.txt'), 'Cache-Control': 'no-cache', Allow: 'GET, HEAD' });
        return res.end('Method not allowed');
      }
      const url = new URL(req.url ?? '/', 'http://localhost');
      const documents = json(url.pathname);
      const document = Object.hasOwn(documents, url.pathname) ? { type: '.json', body: JSON.stringify(documents[url.pathname]) } : text(url.pathname);
      if (document) {
        // Asked again on every move inside the site: an unchanged document costs a 304.
        const etag = `"${createHash('sha1').update(document.body).digest('base64url').slice(0, 16)}"`;
        const headers = { ...headersFor(document.type, 'file'), 'Cache-Control': 'no-cache', ETag: etag };
        if (req.headers['if-none-match'] === etag) {
          res.writeHead(304, headers);
          return res.end();
        }
        res.writeHead(200, { ...headers, 'Content-Length': Buffer.byteLength(document.body) });
        return res.end(req.method === 'HEAD' ? undefined : document.body);
      }
      let pathname;
      try {
        pathname = decodeURIComponent(url.pathname);
      } catch {
        // A malformed address (/feedback%) names no file; a site shows its own page, whose router says "not found".
        if (spa) return await sendSitePage(req, res, rootNow(), url.pathname, 404);
        res.writeHead(400, { ...headersFor('.txt'), 'Cache-Control': 'no-cache' });
        return res.end('Bad request');
      }
      const folder = rootNow();
      for (const file of candidates(pathname, folder)) {
        if (!file) continue;
        if (await exists(file)) return await send(req, res, file);
        if (await exists(path.join(file, 'index.html'))) return await send(req, res, path.join(file, 'index.html'));
      }
      if (spa && !path.extname(pathname)) return await sendSitePage(req, res, folder, pathname);
      notFound(res);
    } catch (error) {
      // A release removed while it was being read (pruned, rolled back): the file is simply not there any more.
      if (isGone(error) && !res.headersSent) return notFound(res);
      console.error(error);
      if (!res.headersSent) res.writeHead(500);
      res.end();
    }
  }
  return http.createServer((req, res) => aroundRequest(req, res, () => answer(req, res)));
}

/**
 * Resolves once the server listens.
 * @param {http.Server} server @param {number} port
 */
function listen(server, port, host = '127.0.0.1') {
  return new Promise(
    /** @param {(server: http.Server) => void} resolve */
    (resolve, reject) => {
      server.once('error', reject);
      server.listen(port, host, () => {
        server.off('error', reject);
        resolve(server);
      });
    },
  );
}

module.exports = { HASHED, contentSecurityPolicy, createStaticServer, fileInside, listen };
