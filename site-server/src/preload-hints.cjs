// `Link: rel=preload` headers for the shell's pages: a remote page needs the
// runtime files, the remote's manifest and entry, and often one API answer;
// without hints the browser finds each only after the previous one has run
// (HTML -> main.js -> /remotes.json -> manifest -> remoteEntry.js -> page -> data).
// With them it asks for those while main.js is still on its way.
const { createRemoteFileCache } = require('./remote-file-cache.cjs');

/** '/feedback', '/reservation/:id' against a request path. */
function routeMatches(pattern, pathname) {
  const want = pattern.split('/');
  const have = pathname.replace(/\/+$/, '').split('/');
  if (want.length !== have.length) return false;
  return want.every((part, index) => part.startsWith(':') ? have[index] !== '' : part === have[index]);
}

/** The remote in the remotes file that serves a request path, if any. */
function remoteServing(remotes, pathname) {
  return remotes.find((candidate) => candidate.routes.some((route) => routeMatches(route, pathname)));
}

/**
 * Remembers, for each remote manifest, the scripts a page of that remote loads
 * first (its remoteEntry.js and the exposed module).
 */
function createManifestScripts(fetchImpl = fetch) {
  const cache = createRemoteFileCache(
    (manifest, manifestUrl) => {
      const remoteEntry = manifest?.metaData?.remoteEntry;
      const files = [
        remoteEntry?.name ? [remoteEntry.path, remoteEntry.name].filter(Boolean).join('/') : null,
        ...(manifest?.exposes ?? []).flatMap((expose) => expose?.assets?.js?.sync ?? []),
      ].filter((file) => typeof file === 'string' && file);
      return files.map((file) => new URL(file, manifestUrl).href);
    },
    [],
    fetchImpl,
  );
  return { scriptsOf: (manifestUrl) => cache.get(manifestUrl), refresh: cache.refresh };
}

/**
 * @param {object} options
 * @param {() => { remotes?: Array<{ manifest: string, routes: string[], routeData?: Record<string, string[]> }> }} options.remotesFile
 * @param {string} options.apiOrigin
 * @param {ReturnType<typeof createManifestScripts>} [options.manifests]
 * @returns {((pathname: string) => string) & { warm: () => void }}   the Link header value for a page ('' for none)
 */
function createPreloadHints({ remotesFile, apiOrigin, manifests = createManifestScripts() }) {
  const warm = () => {
    for (const remote of remotesFile()?.remotes ?? []) manifests.scriptsOf(remote.manifest);
  };
  warm();
  const linksFor = (pathname) => {
    // Every page reads these two first.
    const links = ['</env.json>; rel=preload; as=fetch; crossorigin', '</remotes.json>; rel=preload; as=fetch; crossorigin'];
    const remotes = remotesFile()?.remotes ?? [];
    const remote = remoteServing(remotes, pathname);
    if (remote) {
      links.push(`<${remote.manifest}>; rel=preload; as=fetch; crossorigin`);
      for (const script of manifests.scriptsOf(remote.manifest)) links.push(`<${script}>; rel=preload; as=script`);
      const route = remote.routes.find((candidate) => routeMatches(candidate, pathname));
      for (const dataPath of remote.routeData?.[route] ?? []) links.push(`<${new URL(dataPath, apiOrigin).href}>; rel=preload; as=fetch; crossorigin`);
    }
    return links.join(', ');
  };
  /** Starts reading a newly released remote's manifest, before a page asks. */
  linksFor.warm = warm;
  return linksFor;
}

module.exports = { createManifestScripts, createPreloadHints, remoteServing, routeMatches };
