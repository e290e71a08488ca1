#!/usr/bin/env node
// samgyup-release: a team's release commands (docs/releases.md).
//   samgyup-release publish [--no-check] [--dry-run] [--base-url URL] [--canary PERCENT]   from a part's workspace (npm run release -w <workspace>)
//   samgyup-release publish --all [--no-check] [--dry-run]              every part's build together (npm run release:all)
//   samgyup-release rollback [--to VERSION]                             from a part's workspace (npm run rollback -w <workspace>): ends a canary first
//   samgyup-release promote                                             from a part's workspace (npm run release:promote -w <workspace>)
//   samgyup-release status | prune [--keep N]                           anywhere (npm run releases, npm run releases:prune)
import { parseArgs } from 'node:util';
import { loadSiteSettings, projectRoot } from '@samgyup/site-server';
import releaseTools from '../src/index.cjs';

const { ReleaseRefused, promote, prune, publish, readAllParts, readPartWorkspace, rollback, status } = releaseTools;
const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: {
    'no-check': { type: 'boolean', default: false },
    all: { type: 'boolean', default: false },
    'dry-run': { type: 'boolean', default: false },
    'base-url': { type: 'string' },
    canary: { type: 'string' },
    to: { type: 'string' },
    keep: { type: 'string', default: '5' },
  },
});
const [command = 'status'] = positionals;

/** @param {number} ms */
const age = (ms) => (ms < 60_000 ? `${Math.round(ms / 1000)} s` : ms < 3_600_000 ? `${Math.round(ms / 60_000)} min` : `${(ms / 3_600_000).toFixed(1)} h`);
/** @param {number | null | undefined} rate */
const rate = (rate) => (rate === null || rate === undefined ? 'n/a' : `${(rate * 100).toFixed(1)}%`);
/** @param {number | null | undefined} ms */
const millis = (ms) => (ms === null || ms === undefined ? 'n/a' : `${ms} ms`);
/** @typedef {{ page_views?: number, error_rate?: number | null, failed_load_rate?: number | null, lcp_p75_ms?: number | null, inp_p75_ms?: number | null } | null | undefined} Figures */
/** @param {Figures} figures */
const health = (figures) =>
  figures
    ? `${figures.page_views ?? 0} page views, errors ${rate(figures.error_rate)}, failed loads ${rate(figures.failed_load_rate)}, LCP ${millis(figures.lcp_p75_ms)}, INP ${millis(figures.inp_p75_ms)}`
    : 'no reports yet';
/**
 * A canary's share, age and health beside the live version's, as the API's judge last read them.
 * @param {{ version: string, percent: number, since: string, lastCheck?: { at: string, canary?: Figures, stable?: Figures, verdict?: string } } | null} canary
 */
const canaryLines = (canary) => {
  if (!canary) return '';
  const pad = ' '.repeat(17);
  const check = canary.lastCheck;
  const figures = check
    ? `\n${pad}  canary: ${health(check.canary)}\n${pad}  stable: ${health(check.stable)}\n${pad}  judged ${age(Date.now() - Date.parse(check.at))} ago: ${check.verdict ?? ''}`
    : `\n${pad}  not judged yet (the API judges canaries from diners' reports)`;
  return `\n${pad}canary ${canary.version} for ${canary.percent}% of visitors, for ${age(Date.now() - Date.parse(canary.since))}${figures}`;
};

try {
  const settings = loadSiteSettings();
  if (command === 'publish') {
    const parts = values.all ? readAllParts(projectRoot()) : [readPartWorkspace(process.cwd())];
    const canary = values.canary === undefined ? undefined : Number(values.canary);
    if (canary !== undefined && (values.all || Number.isNaN(canary)))
      throw new ReleaseRefused('--canary takes the share of visitors who get the new version, in percent (one part at a time): --canary 10');
    await publish({ settings, parts, check: !values['no-check'], dryRun: values['dry-run'], baseUrl: values['base-url'], canary });
  } else if (command === 'promote') {
    await promote({ settings, partName: readPartWorkspace(process.cwd()).name });
  } else if (command === 'rollback') {
    await rollback({ settings, partName: readPartWorkspace(process.cwd()).name, to: values.to });
  } else if (command === 'prune') {
    const keep = Number(values.keep);
    if (!Number.isInteger(keep) || keep < 1) throw new ReleaseRefused('--keep takes a whole number of releases to keep (at least 1).');
    await prune({ settings, keep });
  } else if (command === 'status') {
    const parts = status({ settings });
    if (parts.length === 0) console.log(`Nothing released yet in ${settings.releasesDir}.`);
    const builtFrom = (/** @type {{ commit: string | null, uncommitted: boolean | null } | null} */ from) =>
      from ? `\n${' '.repeat(17)}built from ${from.commit ? from.commit.slice(0, 10) : 'a copy outside git'}${from.uncommitted ? ' with uncommitted changes' : ''}` : '';
    for (const part of parts)
      console.log(
        `${part.name.padEnd(16)} live ${part.live}${part.manifest ? ` at ${part.manifest}` : ''}${builtFrom(part.builtFrom)}${canaryLines(part.canary)}\n${' '.repeat(17)}releases: ${part.releases.join(', ')}`,
      );
  } else {
    throw new ReleaseRefused(`Unknown command "${command}". Commands: publish, promote, rollback, status, prune.`);
  }
} catch (error) {
  console.error(error instanceof ReleaseRefused ? error.message : error);
  process.exit(1);
}
