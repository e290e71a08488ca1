import canaryCommands from '@samgyup/release-tools/canary';
import registryTools from '@samgyup/site-server/release-registry';
import type { FastifyInstance } from 'fastify';
import { canaryVerdict } from './canary-verdict';
import { minuteOf, versionHealth } from './release-health';

type JudgeContext = Pick<FastifyInstance, 'db' | 'config' | 'apiLog'>;

/**
 * Looks at every running canary (docs/releases.md, "Canary releases"): from diners'
 * reports since it started, a canary clearly worse than the live version is rolled
 * back at once and one that held for the whole soak time is promoted, each decision
 * written to the registry's history with its figures; otherwise its latest reading
 * is kept there for `npm run releases`. Runs as a job (one replica at a time).
 */
export async function judgeCanaries(app: JudgeContext, now = new Date()): Promise<Array<{ part: string; version: string; decision: string; reason: string }>> {
  const settings = { releasesDir: app.config.releasesDir };
  let registry: ReturnType<typeof registryTools.readRegistry>;
  try {
    registry = registryTools.readRegistry(settings.releasesDir);
  } catch (error) {
    app.apiLog.warn({ err: error }, 'canary judge: the release registry cannot be read');
    return [];
  }
  const decisions = [];
  for (const [part, entry] of Object.entries(registry.parts)) {
    const canary = entry.canary;
    if (!canary) continue;
    const rows = await versionHealth(app, minuteOf(canary.since), part);
    const figures = { canary: rows.find((row) => row.version === canary.version) ?? null, stable: rows.find((row) => row.version === entry.current) ?? null };
    const verdict = canaryVerdict(figures.canary, figures.stable, {
      elapsedSeconds: (now.getTime() - Date.parse(canary.since)) / 1000,
      soakSeconds: app.config.canarySoakSeconds,
      minPageViews: app.config.canaryMinPageViews,
    });
    const command = { settings, partName: part, version: canary.version, decision: { by: 'judge', reason: verdict.reason, figures }, log: () => undefined };
    try {
      if (verdict.decision === 'rollback') await canaryCommands.rollBackCanary(command);
      else if (verdict.decision === 'promote') await canaryCommands.promote(command);
      else await canaryCommands.recordCheck(settings, part, canary.version, { at: now.toISOString(), verdict: verdict.reason, ...figures });
    } catch (error) {
      // Ended meanwhile by a person, or refused (a promotion the live shell no longer fits): judged again next time.
      app.apiLog.warn({ err: error, part, version: canary.version }, `canary judge: ${verdict.decision} of ${part} ${canary.version} not done`);
      continue;
    }
    if (verdict.decision !== 'wait') app.apiLog.info({ part, version: canary.version, reason: verdict.reason }, `canary judge: ${part} ${canary.version} ${verdict.decision}`);
    decisions.push({ part, version: canary.version, decision: verdict.decision, reason: verdict.reason });
  }
  return decisions;
}
