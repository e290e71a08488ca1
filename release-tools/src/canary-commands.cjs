// Ending a canary (docs/releases.md, "Canary releases"): promote it (live for
// every visitor) or roll it back (its visitors get the live version again). The
// commands (npm run release:promote, npm run rollback) and the API's judge and
// admin buttons all end canaries here, so each step is checked and recorded the
// same way. Kept apart from the other commands: the API loads this file, and it
// needs neither the build kit nor Chromium.
const { registry: registryTools } = require('@samgyup/site-server');
const { ReleaseRefused } = require('./release-refused.cjs');
const { contractProblems } = require('./shared-contract.cjs');

const { endCanary, readRegistry, recordCanaryCheck, withRegistryLock, writeRegistry } = registryTools;

/**
 * @typedef {import('@samgyup/site-server/release-registry').Decision} Decision
 * @typedef {{ settings: { releasesDir: string }, partName: string, version?: string, decision?: Decision, log?: (line: string) => void }} CanaryCommand
 *   `version`: the canary the caller saw (the judge, an admin's button); refused when another runs by now
 */

/**
 * Ends the canary of `partName`, the registry lock already held.
 * @param {{ releasesDir: string }} settings @param {string} partName @param {'promote' | 'canary-rollback'} action
 * @param {Decision | undefined} decision @param {(line: string) => void} log @param {string} [version]
 */
function endCanaryUnlocked(settings, partName, action, decision, log, version) {
  const started = Date.now();
  const deployed = readRegistry(settings.releasesDir);
  const entry = deployed.parts[partName];
  const canary = entry?.canary;
  if (!entry || !canary) throw new ReleaseRefused(`${partName} has no canary running.`);
  if (version !== undefined && canary.version !== version) throw new ReleaseRefused(`${partName}'s canary is ${canary.version} now, no longer ${version}.`);
  const candidate = endCanary(deployed, partName, action, decision);
  // A shell released since the canary started may no longer fit it.
  const broken = action === 'promote' ? contractProblems(candidate) : [];
  if (broken.length > 0) throw new ReleaseRefused(`Promotion of ${partName} ${canary.version} refused:\n  - ${broken.join('\n  - ')}`);
  writeRegistry(settings.releasesDir, candidate);
  const seconds = (Date.now() - started) / 1000;
  log(
    action === 'promote'
      ? `${partName} ${canary.version} is live for every visitor (it had ${canary.percent}% since ${canary.since}).`
      : `${partName}: canary ${canary.version} rolled back; every visitor gets ${entry.current} (${seconds.toFixed(2)} s).`,
  );
  return { from: action === 'promote' ? entry.current : canary.version, version: action === 'promote' ? canary.version : entry.current, seconds };
}

/**
 * Makes the canary of a part live for every visitor.
 * @param {CanaryCommand} options
 */
const promote = ({ settings, partName, version, decision, log = console.log }) =>
  withRegistryLock(settings.releasesDir, () => endCanaryUnlocked(settings, partName, 'promote', decision, log, version));

/**
 * Gives the canary's visitors the live version again.
 * @param {CanaryCommand} options
 */
const rollBackCanary = ({ settings, partName, version, decision, log = console.log }) =>
  withRegistryLock(settings.releasesDir, () => endCanaryUnlocked(settings, partName, 'canary-rollback', decision, log, version));

/**
 * Keeps the judge's latest reading of a running canary in the registry (npm run releases shows it).
 * @param {{ releasesDir: string }} settings @param {string} partName @param {string} version @param {import('@samgyup/site-server/release-registry').CanaryCheck} check
 */
const recordCheck = (settings, partName, version, check) =>
  withRegistryLock(settings.releasesDir, () => {
    const deployed = readRegistry(settings.releasesDir);
    const recorded = recordCanaryCheck(deployed, partName, version, check);
    if (recorded !== deployed) writeRegistry(settings.releasesDir, recorded);
  });

module.exports = { ReleaseRefused, endCanaryUnlocked, promote, recordCheck, rollBackCanary };
