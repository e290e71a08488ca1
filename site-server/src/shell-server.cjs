// The shell's server: its pages from the live shell release (with the first
// screen of a remote's route, preload hints and a CSP naming the remotes' hosts),
// /remotes.json and /env.json, all read from the release registry per request.
const { HASHED, contentSecurityPolicy, createStaticServer, fileInside, listen } = require('./static-server.cjs');
const { createManifestFiles, createPreloadHints, routeServing } = require('./preload-hints.cjs');
const { createFirstScreens, withFirstScreen, withLaterHints } = require('./first-screens/first-screen-pages.cjs');
const { createLiveShellScreens } = require('./first-screens/live-shell-screens.cjs');
const { SESSION_COOKIE_PREFIX, createSignedInFirstScreens } = require('./first-screens/signed-in-first-screens.cjs');
const { SHELL, everyRemoteVersion, liveReleases, releaseFolder, releaseFor, remotesDocument, watchRegistry } = require('./release-registry.cjs');
const { visitorCohort } = require('./visitor-cohort.cjs');
const { routeMatches } = require('./preload-hints.cjs');
const { pageHeadTags, withPageHead } = require('./page-head.cjs');
const { signedInReadsOf, withSignedInReads } = require('./signed-in-reads.cjs');
const { documentsReadInPage, pathsReadInPage, withDocumentsInPage } = require('./documents-in-page.cjs');
const { indexablePaths, robotsTxt, sitemapXml } = require('./crawler-files.cjs');
const { bootScripts, withBootScriptInPage } = require('./boot-script-in-page.cjs');
const { AsyncLocalStorage } = require('node:async_hooks');
const path = require('node:path');

/** @typedef {ReturnType<typeof import('./site-settings.cjs').loadSiteSettings>} SiteSettings */

const REGISTRY_READ_AHEAD_MS = 1000;
// The staff console installs on the host stand's tablet as an app of its own (start URL /staff).
const STAFF_PREFIX = '/staff';
/** @param {string} pathname */
const isStaffPath = (pathname) => pathname === STAFF_PREFIX || pathname.startsWith(`${STAFF_PREFIX}/`);

/**
 * The public runtime settings the shell serves at /env.json. Never put a secret here.
 * @param {SiteSettings} settings @param {string} version
 */
function publicRuntimeConfig(settings, version) {
  return { apiBaseUrl: settings.apiOrigin, captcha: settings.captcha, version, reportsSampleRate: settings.reportsSampleRate, environment: settings.environment };
}

/**
 * @param {SiteSettings} settings
 * @param {{ registry?: { current: () => import('./release-registry.cjs').Registry }, port?: number }} [options]
 */
async function startShellServer(settings, { registry = watchRegistry(settings.releasesDir), port = settings.shellPort } = {}) {
  /** @param {string} version */
  const shellDist = (version) => path.join(releaseFolder(settings.releasesDir, SHELL, version), 'dist');
  // Each request's visitor (visitor-cohort.cjs: each canary they are in is what they get), their
  // cookies, the address's query, the hash of the script its page carries inline,
  // which the page's CSP names, and whether the page was drawn with their signed-in data (then no cache keeps it).
  /** @type {AsyncLocalStorage<{ cohort: number | undefined, cookie: string | undefined, search: string, inlineScriptHash: string | null, signedIn: boolean }>} */
  const requests = new AsyncLocalStorage();
  /** @type {() => number | undefined} */
  const cohort = () => requests.getStore()?.cohort;
  const liveShell = () => releaseFor(registry.current(), SHELL, cohort());
  const remotesFile = () => remotesDocument(registry.current(), cohort());
  const readAhead = () => everyRemoteVersion(registry.current());
  const origins = () => remotesFile().remotes.map((remote) => new URL(remote.manifest).origin);
  /** The JSON documents the shell's server answers for this visitor, by path. */
  const jsonDocuments = () => ({ '/remotes.json': remotesFile(), '/env.json': publicRuntimeConfig(settings, liveShell()?.version ?? 'unreleased') });
  // The ones the live shell reads from its pages: written into each page, so never fetched or hinted.
  const inPage = () => documentsReadInPage(liveShell(), jsonDocuments());
  const readInPage = () => pathsReadInPage(liveShell(), ['/env.json', '/remotes.json']);
  const bootScriptOf = bootScripts();
  /** The live shell's boot script, written into the page being answered; its CSP names the script's hash. */
  const inlineBootScript = (/** @type {string} */ html) => {
    const shell = liveShell();
    const boot = bootScriptOf(shell ? shellDist(shell.version) : null);
    const page = withBootScriptInPage(html, boot);
    const request = requests.getStore();
    if (request && boot && page !== html) request.inlineScriptHash = boot.hash;
    return page;
  };
  const firstScreens = createFirstScreens({ remotesFile, readAhead });
  const manifests = createManifestFiles();
  const preloadHints = createPreloadHints({ remotesFile, readAhead, apiOrigin: settings.apiOrigin, readInPage, manifests });
  const drawSignedIn = createSignedInFirstScreens({
    apiOrigin: settings.apiOrigin,
    rendererFile: (name) => {
      const release = releaseFor(registry.current(), name, cohort());
      return release ? path.resolve(releaseFolder(settings.releasesDir, name, release.version), '.first-screens', 'render-first-screen.cjs') : null;
    },
    // The stylesheets the remote's module waits for, then the route's own: what the page applies once it runs.
    stylesOf: (manifestUrl, route) => [
      ...new Set([
        ...manifests.filesOf(manifestUrl).flatMap((file) => (file.as === 'style' ? [file.href] : [])),
        ...manifests.pageFilesOf(manifestUrl, route).filter((href) => href.endsWith('.css')),
      ]),
    ],
  });
  /**
   * The first screen of a signed-in route drawn with the visitor's data, when their cookies carry the login it reads with.
   * @param {string} pathname
   */
  async function signedInScreen(pathname) {
    const request = requests.getStore();
    // An address with a query is drawn only by reads that name its parameters (signedInQueryRouteData): a filter the app draws.
    if (!request?.cookie?.includes(SESSION_COOKIE_PREFIX)) return null;
    const served = routeServing(remotesFile().remotes, pathname);
    if (!served) return null;
    const screen = await drawSignedIn(served.remote, served.route, request.cookie, request.search);
    if (screen) request.signedIn = true;
    return screen;
  }
  const liveScreens = createLiveShellScreens({
    folder: () => {
      const shell = liveShell();
      return shell ? releaseFolder(settings.releasesDir, SHELL, shell.version) : null;
    },
    apiOrigin: settings.apiOrigin,
    siteUrl: settings.siteUrl,
  });

  /**
   * The page at `pathname` as its part's live release declares it: `meta` null
   * when no part serves it, `known` false only when the live releases say so
   * (a shell released before pages declared themselves knows of no page).
   * @param {string} pathname
   */
  function pageAt(pathname) {
    const path = pathname.replace(/(.)\/+$/, '$1');
    const shell = liveShell();
    if (shell?.pages && Object.hasOwn(shell.pages, path)) return { known: true, meta: shell.pages[path], shell };
    const remote = remotesFile().remotes.find((candidate) => candidate.routes.some((route) => routeMatches(route, path)));
    if (remote) {
      const release = releaseFor(registry.current(), remote.name, cohort());
      const route = remote.routes.find((candidate) => routeMatches(candidate, path));
      return { known: true, meta: (route && release?.pages?.[route]) || { title: remote.label ?? '', index: false }, shell };
    }
    return { known: !shell?.pages, meta: shell?.pages ? null : { title: '', index: false }, shell };
  }

  /** @param {string} pathname */
  function headOf(pathname) {
    const { meta, shell } = pageAt(pathname);
    const siteName = shell?.siteName ?? 'Samgyup Plaridel';
    const live = pathname === '/' ? liveScreens.homeMeta() : (firstScreens(pathname)?.meta ?? null);
    const staff = isStaffPath(pathname);
    return pageHeadTags({
      siteName,
      siteUrl: settings.siteUrl,
      path: pathname,
      meta,
      live: live?.image ? { ...live, image: new URL(live.image, `${settings.apiOrigin}/`).href } : live,
      image: shell?.shareCard ? new URL(`/${shell.shareCard}`, settings.siteUrl).href : null,
      defaultDescription: shell?.pages?.['/']?.description ?? '',
      manifest: staff ? '/staff.webmanifest' : '/manifest.webmanifest',
      appleTouchIcon: shell?.appleTouchIcon ? `/${shell.appleTouchIcon}` : null,
    });
  }

  /** @param {string} pathname */
  function crawlerFile(pathname) {
    if (pathname === '/robots.txt') return { type: '.txt', body: robotsTxt(settings.siteUrl, [STAFF_PREFIX]) };
    if (pathname === '/sitemap.xml') return { type: '.xml', body: sitemapXml(settings.siteUrl, indexablePaths(liveReleases(registry.current()))) };
    return null;
  }
  // A release is read within a second and its files fetched ahead, so the next page already has them.
  const readingAhead = setInterval(() => {
    firstScreens.warm();
    preloadHints.warm();
  }, REGISTRY_READ_AHEAD_MS);
  readingAhead.unref();
  const secure = settings.siteUrl.startsWith('https:');

  const server = createStaticServer({
    root: () => {
      const shell = liveShell();
      return shell ? shellDist(shell.version) : null;
    },
    // A tab opened before a shell release still asks for its own content-named chunks: they stay in older releases.
    locate: (pathname, folder) => {
      const live = folder && fileInside(folder, pathname);
      if (!HASHED.test(pathname)) return [live];
      const older = (registry.current().parts[SHELL]?.releases ?? []).map((release) => shellDist(release.version)).reverse();
      return [live, ...older.filter((dist) => dist !== folder).map((dist) => fileInside(dist, pathname))];
    },
    spa: true,
    // The console's pages start without the diners' header and footer (shell/prerender-home.cjs).
    sitePage: (pathname) => (isStaffPath(pathname) ? 'console.html' : 'app.html'),
    json: jsonDocuments,
    text: crawlerFile,
    // Read after the page's body is drawn: a page allows the inline script it was sent with, and no other.
    csp: () => {
      const hash = requests.getStore()?.inlineScriptHash;
      return contentSecurityPolicy({ scriptOrigins: origins(), connectOrigins: [settings.apiOrigin], scriptHashes: hash ? [hash] : [] });
    },
    // A page that arrives with its first screen drawn needs no script to be seen: its hints
    // wait in the page until the app starts, leaving the first photo the bandwidth (ADR 0002).
    pageLinks: (pathname) => (requests.getStore()?.signedIn || firstScreens(pathname) ? '' : preloadHints(pathname)),
    // A page without a first screen keeps only its route's own files for later: the rest went in the header.
    pageBody: async (pathname, html) => {
      const signedIn = await signedInScreen(pathname);
      const screen = signedIn ?? firstScreens(pathname);
      // A page with a remote's first screen has its layout drawn for its address: the app takes it over as it is.
      const drawnFor = screen ? await liveScreens.pageDrawnFor(`${pathname}${requests.getStore()?.search ?? ''}`, html) : null;
      const page = drawnFor ?? liveScreens.page(pathname, html);
      const drawn = screen ? withFirstScreen(page, screen, preloadHints.elements(pathname, screen.styles)) : withLaterHints(page, preloadHints.pageFiles(pathname));
      // A page drawn with the signed-in data carries it: the browser need not read it again as it starts.
      const reads = signedIn ? [] : signedInReadsOf(remotesFile().remotes, pathname, settings.apiOrigin, requests.getStore()?.search);
      const withReads = withSignedInReads(withPageHead(drawn, headOf(pathname)), reads);
      return inlineBootScript(withDocumentsInPage(withReads, inPage()));
    },
    // Private pages and the console stay out of search; an address no part serves is a 404.
    pageAnswer: (pathname) => {
      const { known, meta } = pageAt(pathname);
      /** @type {Record<string, string>} */
      const headers = meta && meta.index !== false ? {} : { 'X-Robots-Tag': 'noindex' };
      // A page with a visitor's own data in it is for them alone, and kept by no cache.
      if (requests.getStore()?.signedIn) headers['Cache-Control'] = 'private, no-store';
      return { status: known ? 200 : 404, headers };
    },
    // A visitor's cohort is drawn on their first page (or /remotes.json) and kept in a cookie; files need none.
    aroundRequest: (req, res, answer) => {
      const visitor = visitorCohort(req.headers.cookie, { secure });
      const { pathname, search } = new URL(req.url ?? '/', 'http://localhost');
      if (visitor.setCookie && (!path.extname(pathname) || pathname.endsWith('.json'))) res.setHeader('Set-Cookie', visitor.setCookie);
      return requests.run({ cohort: visitor.cohort, cookie: req.headers.cookie, search, inlineScriptHash: null, signedIn: false }, answer);
    },
  });
  server.on('close', () => {
    clearInterval(readingAhead);
    liveScreens.stop();
  });
  await listen(server, port, settings.host);
  return server;
}

module.exports = { publicRuntimeConfig, startShellServer };
