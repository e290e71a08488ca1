// `Link: rel=preload` headers for the shell's pages: a remote page needs the
// runtime files, the remote's manifest and entry, and often one API answer;
// without hints the browser finds each only after the previous one has run
// (HTML -> main.js -> /remotes.json -> manifest -> remoteEntry.js -> page -> data).
// With them it asks for those while main.js is still on its way.
const { createRemoteFileCache } = require('./remote-file-cache.cjs');

/**
 * '/feedback', '/reservation/:id' against a request path.
 * @param {string} pattern
 * @param {string} pathname
 */
function routeMatches(pattern, pathname) {
  const want = pattern.split('/');
  const have = pathname.replace(/\/+$/, '').split('/');
  if (want.length !== have.length) return false;
  return want.every((part, index) => (part.startsWith(':') ? have[index] !== '' : part === have[index]));
}

/**
 * @typedef {{ manifest: string, routes: string[], routeData?: Record<string, string[]> }} RemoteEntry  one remote in /remotes.json
 * @typedef {{ href: string, as: string, crossorigin: boolean }} PreloadHint
 * @typedef {{ metaData?: { remoteEntry?: { name?: string, path?: string } }, exposes?: Array<{ assets?: { js?: { sync?: string[] }, css?: { sync?: string[] } } }> }} FederationManifest
 *   the parts of a remote's mf-manifest.json the hints read
 */

/**
 * The remote in the remotes file that serves a request path, if any.
 * @template {RemoteEntry} Remote
 * @param {Remote[]} remotes
 * @param {string} pathname
 */
function remoteServing(remotes, pathname) {
  return remotes.find((candidate) => candidate.routes.some((route) => routeMatches(route, pathname)));
}

/**
 * The remote that serves a request path and the route of its that matches, or null.
 * @template {RemoteEntry} Remote
 * @param {Remote[]} remotes
 * @param {string} pathname
 * @returns {{ remote: Remote, route: string } | null}
 */
function routeServing(remotes, pathname) {
  const remote = remoteServing(remotes, pathname);
  const route = remote?.routes.find((candidate) => routeMatches(candidate, pathname));
  return remote && route ? { remote, route } : null;
}

/** @param {unknown} file @returns {file is string} */
const isFileName = (file) => typeof file === 'string' && file !== '';

/**
 * Remembers, for each remote manifest, the files a page of that remote loads
 * first: its remoteEntry.js, the exposed module, and that module's stylesheet (which
 * the remote's runtime asks for, and waits for, only once the module has arrived);
 * and each route's own files (page-files.json beside the manifest, written by
 * build-kit's page-files-plugin; a release built before it has none, and its pages
 * get no hint for them).
 * @param {typeof fetch} [fetchImpl]
 */
function createManifestFiles(fetchImpl = fetch) {
  const pageFiles = createRemoteFileCache(
    (body, url) => {
      const pages = /** @type {{ pages?: Record<string, unknown> } | null} */ (body)?.pages;
      /** @type {Record<string, string[]>} */
      const files = {};
      for (const [route, list] of Object.entries(pages && typeof pages === 'object' ? pages : {})) {
        if (!Array.isArray(list)) continue;
        // Only the remote's own scripts and stylesheets, by name: nothing another server could point elsewhere.
        const own = list.filter((file) => typeof file === 'string' && /^[\w.-]+\.(js|css)$/.test(file)).map((file) => new URL(file, url).href);
        if (own.length > 0) files[route] = own;
      }
      return files;
    },
    /** @type {Record<string, string[]>} */ ({}),
    fetchImpl,
  );
  const pageFilesUrl = (/** @type {string} */ manifestUrl) => new URL('page-files.json', manifestUrl).href;
  const cache = createRemoteFileCache(
    (body, manifestUrl) => {
      // A JSON file from another server: every step below is optional.
      const manifest = /** @type {FederationManifest | null} */ (body);
      const remoteEntry = manifest?.metaData?.remoteEntry;
      const exposes = manifest?.exposes ?? [];
      const scripts = [
        remoteEntry?.name ? [remoteEntry.path, remoteEntry.name].filter(Boolean).join('/') : null,
        ...exposes.flatMap((expose) => expose?.assets?.js?.sync ?? []),
      ].filter(isFileName);
      const styles = exposes.flatMap((expose) => expose?.assets?.css?.sync ?? []).filter(isFileName);
      return [
        ...scripts.map((file) => ({ href: new URL(file, manifestUrl).href, as: 'script' })),
        ...styles.map((file) => ({ href: new URL(file, manifestUrl).href, as: 'style' })),
      ];
    },
    /** @type {Array<{ href: string, as: string }>} */ ([]),
    fetchImpl,
  );
  return {
    filesOf: (/** @type {string} */ manifestUrl) => cache.get(manifestUrl),
    /** The files the page at `route` loads of its own. @param {string} manifestUrl @param {string} route */
    pageFilesOf: (manifestUrl, route) => pageFiles.get(pageFilesUrl(manifestUrl))[route] ?? [],
    /** Starts reading a manifest's files, before a page asks. @param {string} manifestUrl */
    warm: (manifestUrl) => void [cache.get(manifestUrl), pageFiles.get(pageFilesUrl(manifestUrl))],
    /** @param {string} manifestUrl */
    refresh: (manifestUrl) => Promise.all([cache.refresh(manifestUrl), pageFiles.refresh(pageFilesUrl(manifestUrl))]),
  };
}

/** One hint as a Link header value. @param {PreloadHint} hint */
const asHeader = ({ href, as, crossorigin }) => `<${href}>; rel=preload; as=${as}${crossorigin ? '; crossorigin' : ''}`;
/** @param {string} value */
const escapeAttribute = (value) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
/** One hint as a <link> element. @param {PreloadHint} hint */
const asElement = ({ href, as, crossorigin }) => `<link rel="preload" href="${escapeAttribute(href)}" as="${as}"${crossorigin ? ' crossorigin' : ''}>`;

/**
 * @param {object} options
 * @param {() => { remotes?: RemoteEntry[] } | null | undefined} options.remotesFile
 * @param {() => { remotes?: Array<{ manifest: string }> } | null | undefined} [options.readAhead]  every release a page may get (canaries too); the remotes file by default
 * @param {string} options.apiOrigin
 * @param {() => string[]} [options.readInPage]  the documents the page carries in itself (documents-in-page.cjs): not hinted
 * @param {ReturnType<typeof createManifestFiles>} [options.manifests]
 * @returns {((pathname: string) => string) & { elements: (pathname: string, linked?: string[]) => string, pageFiles: (pathname: string) => string, warm: () => void }}
 *   the Link header value for a page ('' for none); `elements`: every hint as <link> elements, the page's own files too,
 *   but the stylesheets in `linked`;
 *   `pageFiles`: only the page's own files, as <link> elements
 */
function createPreloadHints({ remotesFile, readAhead = remotesFile, apiOrigin, readInPage = () => [], manifests = createManifestFiles() }) {
  const warm = () => {
    for (const remote of readAhead()?.remotes ?? []) manifests.warm(remote.manifest);
  };
  warm();
  /** @param {{ remote: { manifest: string }, route: string }} served @returns {PreloadHint[]} the route's own chunks and stylesheet */
  const pageFileHints = ({ remote, route }) =>
    manifests.pageFilesOf(remote.manifest, route).map((file) => ({ href: file, as: file.endsWith('.css') ? 'style' : 'script', crossorigin: false }));
  /** @param {string} pathname @returns {PreloadHint[]} */
  const pageFilesFor = (pathname) => {
    const served = routeServing(remotesFile()?.remotes ?? [], pathname);
    return served ? pageFileHints(served) : [];
  };
  /** @param {string} pathname @param {boolean} withPageFiles @returns {PreloadHint[]} */
  const hintsFor = (pathname, withPageFiles) => {
    // Every page reads these two first, unless it carries them.
    const carried = readInPage();
    const hints = ['/env.json', '/remotes.json'].filter((href) => !carried.includes(href)).map((href) => ({ href, as: 'fetch', crossorigin: true }));
    const served = routeServing(remotesFile()?.remotes ?? [], pathname);
    if (served) {
      const { remote, route } = served;
      hints.push({ href: remote.manifest, as: 'fetch', crossorigin: true });
      for (const file of manifests.filesOf(remote.manifest)) hints.push({ ...file, crossorigin: false });
      // The page's own chunks and stylesheet, which it would otherwise ask for only once the pages module has run.
      if (withPageFiles) hints.push(...pageFileHints(served));
      for (const dataPath of remote.routeData?.[route] ?? []) hints.push({ href: new URL(dataPath, apiOrigin).href, as: 'fetch', crossorigin: true });
    }
    return hints;
  };
  // The header leaves out the page's own files: read before the HTML, several chunks would share a
  // slow link with the page's stylesheet and hold back its first paint. They go with main.js (pageFiles).
  const linksFor = (/** @type {string} */ pathname) => hintsFor(pathname, false).map(asHeader).join(', ');
  /** `linked`: stylesheets the page already links (a first screen's): a preload of one would be a second element for the same file. */
  linksFor.elements = (/** @type {string} */ pathname, /** @type {string[]} */ linked = []) =>
    hintsFor(pathname, true)
      .filter((hint) => !(hint.as === 'style' && linked.includes(hint.href)))
      .map(asElement)
      .join('');
  /** The page's own files as <link> elements, for a page whose other hints went in the header. */
  linksFor.pageFiles = (/** @type {string} */ pathname) => pageFilesFor(pathname).map(asElement).join('');
  /** Starts reading a newly released remote's manifest, before a page asks. */
  linksFor.warm = warm;
  return linksFor;
}

module.exports = { createManifestFiles, createPreloadHints, escapeAttribute, remoteServing, routeMatches, routeServing };
