#!/usr/bin/env node
// samgyup-release: a team's release commands (docs/releases.md).
//   samgyup-release publish [--no-check] [--dry-run] [--base-url URL]   from a part's workspace (npm run release -w <workspace>)
//   samgyup-release publish --all [--no-check] [--dry-run]              every part's build together (npm run release:all)
//   samgyup-release rollback [--to VERSION]                             from a part's workspace (npm run rollback -w <workspace>)
//   samgyup-release status | prune [--keep N]                           anywhere (npm run releases, npm run releases:prune)
import { parseArgs } from 'node:util';
import { loadSiteSettings, projectRoot } from '@samgyup/site-server';
import releaseTools from '../src/index.cjs';

const { ReleaseRefused, prune, publish, readAllParts, readPartWorkspace, rollback, status } = releaseTools;
const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: {
    'no-check': { type: 'boolean', default: false },
    all: { type: 'boolean', default: false },
    'dry-run': { type: 'boolean', default: false },
    'base-url': { type: 'string' },
    to: { type: 'string' },
    keep: { type: 'string', default: '5' },
  },
});
const [command = 'status'] = positionals;

try {
  const settings = loadSiteSettings();
  if (command === 'publish') {
    const parts = values.all ? readAllParts(projectRoot()) : [readPartWorkspace(process.cwd())];
    await publish({ settings, parts, check: !values['no-check'], dryRun: values['dry-run'], baseUrl: values['base-url'] });
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
        `${part.name.padEnd(16)} live ${part.live}${part.manifest ? ` at ${part.manifest}` : ''}${builtFrom(part.builtFrom)}\n${' '.repeat(17)}releases: ${part.releases.join(', ')}`,
      );
  } else {
    throw new ReleaseRefused(`Unknown command "${command}". Commands: publish, rollback, status, prune.`);
  }
} catch (error) {
  console.error(error instanceof ReleaseRefused ? error.message : error);
  process.exit(1);
}
