// The release commands: publish a part's build (stage it, check it against what
// is deployed, point the registry at it), roll a part back, list, prune.
const { existsSync, readFileSync, rmSync } = require('node:fs');
const path = require('node:path');
const { staleBuildReason } = require('@samgyup/build-kit');
const { registry: registryTools } = require('@samgyup/site-server');
const { checkInBrowser } = require('./compatibility-check.cjs');
const { contractProblems } = require('./shared-contract.cjs');
const { stageRelease } = require('./stage-release.cjs');

const { endCanaryUnlocked } = require('./canary-commands.cjs');
const { SHELL, currentRelease, pointTo, previousRelease, readRegistry, releaseFolder, startCanary, withRegistryLock, writeRegistry } = registryTools;

const { ReleaseRefused } = require('./release-refused.cjs');

/**
 * @typedef {import('@samgyup/site-server/release-registry').Registry} Registry
 * @typedef {import('@samgyup/site-server/release-registry').Release} Release
 * @typedef {ReturnType<typeof import('@samgyup/site-server').loadSiteSettings>} SiteSettings
 * @typedef {ReturnType<typeof import('./part-workspace.cjs').readPartWorkspace>} Part
 */

/**
 * The registry entry of a staged version of `part`.
 * @param {SiteSettings} settings @param {Part} part @param {Awaited<ReturnType<typeof stageRelease>>} staged @param {string} [baseUrl]
 * @returns {Release & { name: string }}
 */
function releaseEntry(settings, part, staged, baseUrl) {
  // { pages, and for the shell its share card, touch icon and site name }: the servers' heads and sitemap follow the release.
  const pageMeta = part.pageMeta ?? {};
  if (part.isShell) return { name: SHELL, version: staged.version, contract: staged.contract, ...pageMeta };
  const port = settings.remotePort(part.name, part.port);
  const base = (baseUrl ?? `http://${settings.host}:${port}/`).replace(/\/*$/, '/');
  return {
    name: part.name,
    label: part.label,
    version: staged.version,
    manifest: new URL(`${staged.version}/mf-manifest.json`, base).href,
    routes: part.routes,
    ...(part.routeData ? { routeData: part.routeData } : {}),
    ...(part.signedInRouteData ? { signedInRouteData: part.signedInRouteData } : {}),
    ...(part.signedInQueryRouteData ? { signedInQueryRouteData: part.signedInQueryRouteData } : {}),
    ...(pageMeta.pages ? { pages: pageMeta.pages } : {}),
    port,
    contract: staged.contract,
  };
}

/**
 * Remotes whose manifest does not answer: the check would only report them as broken pages.
 * @param {Registry} registry
 */
async function unreachableRemotes(registry) {
  const { remotes } = registryTools.remotesDocument(registry);
  const answers = await Promise.all(
    remotes.map(async (remote) => {
      try {
        const response = await fetch(remote.manifest, { signal: AbortSignal.timeout(5000) });
        return response.ok ? null : `${remote.name}: ${remote.manifest} answered ${response.status}`;
      } catch (error) {
        return `${remote.name}: ${remote.manifest} does not answer (${error.cause?.code ?? error.message}); is its server running?`;
      }
    }),
  );
  return answers.filter((answer) => answer !== null);
}

/**
 * Publishes the current build of one part, or of several together (one registry
 * edit: how a major change of @samgyup/shared ships, since no part alone fits the
 * others). Refuses (ReleaseRefused) when a build is older than its sources, or the
 * shared contract or the browser check fails; the registry is then left as it was.
 * With `canary` (a percent), one part's build goes live for that share of visitors only.
 * @param {{ settings: SiteSettings, part?: Part, parts?: Part[], check?: boolean, dryRun?: boolean, baseUrl?: string, canary?: number, log?: (line: string) => void }} options
 */
async function publish({ settings, part, parts = part ? [part] : [], check = true, dryRun = false, baseUrl, canary, log = console.log }) {
  const started = Date.now();
  if (canary !== undefined && parts.length !== 1) throw new ReleaseRefused('A canary is one part at a time: release the others on their own.');
  if (canary !== undefined && !(canary > 0 && canary < 100))
    throw new ReleaseRefused('--canary takes the share of visitors who get the new version, in percent: more than 0 and less than 100.');
  // A release is the code it names: never a build made before its sources (or the shared library's) last changed.
  const stale = parts.map((each) => staleBuildReason(each.folder)).filter(Boolean);
  if (stale.length > 0) throw new ReleaseRefused(`Release refused:\n  - ${stale.join('\n  - ')}`);
  const deployed = readRegistry(settings.releasesDir);
  const releases = [];
  for (const each of parts) {
    const staged = await stageRelease(settings.releasesDir, each);
    log(`${each.name} ${staged.version}: ${staged.created ? 'staged in' : 'already staged in'} ${staged.folder}`);
    releases.push({ name: each.name, version: staged.version, entry: releaseEntry(settings, each, staged, parts.length === 1 ? baseUrl : undefined) });
  }
  const what = releases.map((release) => `${release.name} ${release.version}`).join(', ');
  const changed = releases.filter((release) => {
    const live = currentRelease(deployed, release.name);
    return !(live?.version === release.version && live.manifest === release.entry.manifest);
  });
  // The check sees the site as a canary's visitors will: the new version live.
  const apply = (/** @type {Registry} */ registry) => changed.reduce((next, release) => pointTo(next, release.name, release.entry, 'release'), registry);
  const applyCanary = (/** @type {Registry} */ registry) => {
    if (canary === undefined) return apply(registry);
    try {
      return changed.reduce((next, release) => startCanary(next, release.name, release.entry, canary), registry);
    } catch (error) {
      throw new ReleaseRefused(`Canary of ${what} refused: ${error.message}`);
    }
  };
  const seconds = () => (Date.now() - started) / 1000;
  if (changed.length === 0 && !dryRun) {
    log(`${what}: already live; nothing to do.`);
    return { version: releases[0].version, versions: releases.map((release) => release.version), changed: false, seconds: seconds() };
  }
  if (canary !== undefined) applyCanary(deployed);
  const candidate = apply(deployed);
  const broken = contractProblems(candidate);
  if (broken.length > 0) throw new ReleaseRefused(`Release of ${what} refused:\n  - ${broken.join('\n  - ')}`);

  if (check) {
    const unreachable = await unreachableRemotes(candidate);
    if (unreachable.length > 0) throw new ReleaseRefused(`Release of ${what} not checked: the deployed site does not answer.\n  - ${unreachable.join('\n  - ')}`);
    const { problems, routes } = await checkInBrowser({ settings, registry: candidate, parts: releases.map((release) => release.name) });
    if (problems.length > 0) throw new ReleaseRefused(`Release of ${what} refused: with what is deployed, pages break in Chromium:\n  - ${problems.join('\n  - ')}`);
    log(`Checked in Chromium with what is deployed: ${routes.join(', ')}`);
  } else {
    log('Browser check skipped (--no-check).');
  }
  if (dryRun) {
    log(changed.length === 0 ? `Dry run: ${what} is already live and checks out.` : `Dry run: ${what} would go live; the registry is unchanged.`);
    return { version: releases[0].version, versions: releases.map((release) => release.version), changed: false, seconds: seconds() };
  }
  await withRegistryLock(settings.releasesDir, async () => {
    // Another part may have been released meanwhile: apply this release to the registry as it is now.
    const latest = readRegistry(settings.releasesDir);
    const now = applyCanary(latest);
    const late = contractProblems(apply(latest));
    if (late.length > 0) throw new ReleaseRefused(`Release of ${what} refused:\n  - ${late.join('\n  - ')}`);
    writeRegistry(settings.releasesDir, now);
  });
  log(
    canary !== undefined
      ? `${what} is live for ${canary}% of visitors (${seconds().toFixed(1)} s).`
      : `${what} ${releases.length === 1 ? 'is' : 'are'} live (${seconds().toFixed(1)} s).`,
  );
  return { version: releases[0].version, versions: releases.map((release) => release.version), changed: true, seconds: seconds() };
}

/**
 * Ends the canary of `part` when it has one (its visitors get the live version again); otherwise points `part`
 * back at the release before its current one (or at `to`).
 * @param {{ settings: { releasesDir: string }, partName: string, to?: string, decision?: import('@samgyup/site-server/release-registry').Decision, log?: (line: string) => void }} options
 */
async function rollback({ settings, partName, to, decision, log = console.log }) {
  const started = Date.now();
  return withRegistryLock(settings.releasesDir, async () => {
    const deployed = readRegistry(settings.releasesDir);
    const entry = deployed.parts[partName];
    if (!entry) throw new ReleaseRefused(`${partName} has never been released; nothing to roll back.`);
    if (entry.canary && !to) return endCanaryUnlocked(settings, partName, 'canary-rollback', decision, log);
    if (entry.canary) throw new ReleaseRefused(`${partName} has a canary (${entry.canary.version}): roll it back first (without --to).`);
    const target = to ? entry.releases.find((release) => release.version === to) : previousRelease(deployed, partName);
    if (!target)
      throw new ReleaseRefused(
        to
          ? `${partName} has no release ${to}. Releases: ${entry.releases.map((release) => release.version).join(', ')}`
          : `${partName} ${entry.current} is its first release; there is nothing before it.`,
      );
    if (!existsSync(releaseFolder(settings.releasesDir, partName, target.version))) throw new ReleaseRefused(`${partName} ${target.version} was pruned; its files are gone.`);
    const candidate = pointTo(deployed, partName, target, 'rollback');
    const broken = contractProblems(candidate);
    if (broken.length > 0) throw new ReleaseRefused(`Rollback of ${partName} to ${target.version} refused:\n  - ${broken.join('\n  - ')}`);
    writeRegistry(settings.releasesDir, candidate);
    const seconds = (Date.now() - started) / 1000;
    log(`${partName} rolled back from ${entry.current} to ${target.version} (${seconds.toFixed(2)} s).`);
    return { from: entry.current, version: target.version, seconds };
  });
}

/**
 * Deletes the files of all but the live release and the `keep` newest of each part.
 * @param {{ settings: { releasesDir: string }, keep?: number, log?: (line: string) => void }} options
 */
async function prune({ settings, keep = 5, log = console.log }) {
  return withRegistryLock(settings.releasesDir, async () => {
    const deployed = readRegistry(settings.releasesDir);
    /** @type {Registry['parts']} */
    const parts = {};
    for (const [name, entry] of Object.entries(deployed.parts)) {
      const kept = new Set([entry.current, ...(entry.canary ? [entry.canary.version] : []), ...entry.releases.slice(-keep).map((release) => release.version)]);
      for (const release of entry.releases.filter((candidate) => !kept.has(candidate.version))) {
        rmSync(releaseFolder(settings.releasesDir, name, release.version), { recursive: true, force: true });
        log(`Pruned ${name} ${release.version}`);
      }
      parts[name] = { ...entry, releases: entry.releases.filter((release) => kept.has(release.version)) };
    }
    writeRegistry(settings.releasesDir, { ...deployed, parts });
  });
}

/**
 * What is live, and what each part could roll back to.
 * @param {{ settings: { releasesDir: string } }} options
 */
function status({ settings }) {
  const deployed = readRegistry(settings.releasesDir);
  return Object.entries(deployed.parts).map(([name, entry]) => ({
    name,
    live: entry.current,
    releasedAt: entry.history?.at(-1)?.at,
    releases: entry.releases.map((release) => release.version),
    ...(name === SHELL ? {} : { manifest: currentRelease(deployed, name)?.manifest }),
    builtFrom: builtFromOf(settings.releasesDir, name, entry.current),
    canary: entry.canary ? { ...entry.canary, builtFrom: builtFromOf(settings.releasesDir, name, entry.canary.version) } : null,
  }));
}

/**
 * The commit the live build of a part was made from, as its release folder records it (null for releases staged before builds recorded it).
 * @param {string} releasesDir @param {string} name @param {string} version
 */
function builtFromOf(releasesDir, name, version) {
  const file = path.join(releaseFolder(releasesDir, name, version), 'release.json');
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')).builtFrom ?? null) : null;
}

module.exports = { ReleaseRefused, prune, publish, rollback, status };
