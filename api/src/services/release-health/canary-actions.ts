import canaryCommands from '@samgyup/release-tools/canary';
import type { FastifyInstance } from 'fastify';
import { conflict, HttpError } from '../../lib/http-error';
import type { Principal } from '../../plugins/auth';
import { recordAudit } from '../../repositories/audit-log-repository';

type ActionContext = Pick<FastifyInstance, 'db' | 'config' | 'apiLog'>;

/** What the Releases screen's buttons do: what `npm run release:promote` and `npm run rollback` do to a canary. */
const ACTIONS = {
  promote: { run: canaryCommands.promote, audit: 'release.promote', done: 'is live for every visitor' },
  rollback: { run: canaryCommands.rollBackCanary, audit: 'release.rollback', done: 'is rolled back: every visitor gets the live version' },
} as const;

/**
 * An admin promotes or rolls back the canary `version` of `part` (the one the screen showed: refused when another
 * runs by now). The registry's history names the admin, and the audit log keeps the step.
 */
export async function endCanaryAsAdmin(app: ActionContext, staff: Principal, part: string, version: string, action: keyof typeof ACTIONS): Promise<string> {
  const { run, audit, done } = ACTIONS[action];
  try {
    await run({ settings: { releasesDir: app.config.releasesDir }, partName: part, version, decision: { by: staff.email }, log: () => undefined });
  } catch (error) {
    if (error instanceof canaryCommands.ReleaseRefused) throw conflict(error.message);
    // Most often the API may read the registry but not write it (docs/deploy.md, "Canaries").
    app.apiLog.error({ err: error, part, version }, `releases: the ${action} of a canary failed`);
    throw new HttpError(503, 'The restaurant system cannot change the release registry (its RELEASES_DIR must be writable by the API). Use the release commands instead.');
  }
  await recordAudit(app.db, staff, audit, `${part} ${version}`, { part, version });
  return `${part} ${version} ${done}.`;
}
