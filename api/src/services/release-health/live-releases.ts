import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { CanaryDecision, LiveCanary, PartRelease } from '@samgyup/shared/releases';
import { z } from 'zod';

// What the release registry (docs/releases.md) says is live, read by the API for
// the admins' Releases screen: the site's servers and the release commands own
// the file and write it whole; the API only reads the fields it shows.
const registryFile = z.object({
  parts: z.record(
    z.string(),
    z.object({
      current: z.string(),
      releases: z.array(z.object({ version: z.string(), label: z.string().optional() }).loose()),
      history: z
        .array(
          z.object({
            version: z.string(),
            action: z.string(),
            at: z.string(),
            by: z.string().optional(),
            reason: z.string().optional(),
            figures: z.object({ canary: z.any(), stable: z.any() }).optional(),
          }),
        )
        .optional(),
      canary: z.object({ version: z.string(), percent: z.number(), since: z.string() }).optional(),
    }),
  ),
});
const releaseFile = z.object({ builtFrom: z.object({ commit: z.string().nullable(), uncommitted: z.boolean().nullable() }).nullable().optional() });

/** A part's live release as the registry and its release folders say, before diners' reports are added. */
export type LiveRelease = Omit<PartRelease, 'health' | 'previous_health' | 'canary' | 'series'> & { canary: Omit<LiveCanary, 'health'> | null };

/** The latest steps of a part's history shown to admins. */
const DECISIONS_SHOWN = 10;

/** A folder name the registry can give (part names and versions name folders): nothing that climbs out of the releases folder. */
const SAFE_NAME = /^[A-Za-z0-9][A-Za-z0-9._+-]*$/;

async function builtFrom(releasesDir: string, part: string, version: string) {
  if (!SAFE_NAME.test(part) || !SAFE_NAME.test(version)) return null;
  try {
    const parsed = releaseFile.safeParse(JSON.parse(await readFile(path.join(releasesDir, part, version, 'release.json'), 'utf8')));
    return parsed.success ? (parsed.data.builtFrom ?? null) : null;
  } catch {
    return null; // a release staged before builds recorded what they were made from
  }
}

/**
 * Each part's live release, shell first, or null when there is no registry to
 * read (the API runs where RELEASES_DIR is not mounted, or nothing is released yet).
 */
export async function readLiveReleases(releasesDir: string): Promise<LiveRelease[] | null> {
  let text: string;
  try {
    text = await readFile(path.join(releasesDir, 'registry.json'), 'utf8');
  } catch {
    return null;
  }
  const parsed = registryFile.safeParse(JSON.parse(text));
  if (!parsed.success) return null;
  const parts = Object.entries(parsed.data.parts).sort(([a], [b]) => (a === 'shell' ? -1 : b === 'shell' ? 1 : a.localeCompare(b)));
  return Promise.all(
    parts.map(async ([part, entry]) => {
      const history = entry.history ?? [];
      const latestFirst = history.map((step, index) => ({ ...step, index })).reverse();
      const wentLive = latestFirst.find((step) => step.version === entry.current);
      const before = wentLive && latestFirst.find((step) => step.index < wentLive.index && step.version !== entry.current);
      const [from, canaryFrom] = await Promise.all([builtFrom(releasesDir, part, entry.current), entry.canary ? builtFrom(releasesDir, part, entry.canary.version) : null]);
      const decisions: CanaryDecision[] = history.slice(-DECISIONS_SHOWN).reverse();
      return {
        part,
        label: entry.releases.find((release) => release.version === entry.current)?.label ?? (part === 'shell' ? 'Shell' : part),
        version: entry.current,
        since: wentLive?.at ?? null,
        commit: from?.commit ?? null,
        uncommitted: from?.uncommitted ?? null,
        previous: before ? { version: before.version, since: before.at } : null,
        canary: entry.canary ? { ...entry.canary, commit: canaryFrom?.commit ?? null, uncommitted: canaryFrom?.uncommitted ?? null } : null,
        decisions,
      };
    }),
  );
}
