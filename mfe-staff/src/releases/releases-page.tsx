import type { CanaryDecision, PartRelease, ReleasesOverview, VersionHealth, VersionPoint } from '@samgyup/shared/releases';
import { formatRestaurantDateTime } from '@samgyup/shared/reservation';
import { useState } from 'react';
import { ConfirmDialog } from '../layout/modal-dialog';
import { StaffPage } from '../layout/staff-page';
import { NotLoaded, StaffMessage } from '../layout/staff-messages';
import { useStaffAction } from '../layout/use-staff-action';
import { useStaffData } from '../layout/use-staff-data';
import { endCanary, type CanaryAction } from './end-canary';
import { ReleaseChart, type ChartLine } from './release-chart';
import '../styles/dashboard.css';
import '../styles/releases.css';

/** Diners' reports add up by the minute: the screen reads them again every minute while it is open. */
const REFRESH_MS = 60_000;

const percent = (rate: number | null) => (rate === null ? 'no page views yet' : `${(rate * 100).toFixed(1)}%`);
const milliseconds = (value: number | null) => (value === null ? 'not measured yet' : `${value} ms`);

/** Each figure of a version, in words, and whether more is worse (the live column is compared with the one before, a canary with the live one). */
const FIGURES: { name: string; show: (health: VersionHealth) => string; value: (health: VersionHealth) => number | null }[] = [
  { name: 'Page views', show: (health) => String(health.page_views), value: () => null },
  { name: 'Errors per page view', show: (health) => percent(health.error_rate), value: (health) => health.error_rate },
  { name: 'Failed loads', show: (health) => `${health.failed_loads} (${percent(health.failed_load_rate)})`, value: (health) => health.failed_load_rate },
  { name: 'Largest contentful paint, p75', show: (health) => milliseconds(health.lcp_p75_ms), value: (health) => health.lcp_p75_ms },
  { name: 'Interaction to next paint, p75', show: (health) => milliseconds(health.inp_p75_ms), value: (health) => health.inp_p75_ms },
];

/** A history step in words. */
const STEP_WORDS: Record<string, (step: CanaryDecision) => string> = {
  release: (step) => `${step.version} released to every visitor`,
  rollback: (step) => `rolled back to ${step.version}`,
  canary: (step) => `canary ${step.version} started${step.reason ? ` for ${step.reason}` : ''}`,
  promote: (step) => `canary ${step.version} promoted to every visitor`,
  'canary-rollback': (step) => `canary ${step.version} rolled back`,
};
const whoDecided = (step: CanaryDecision) => (step.by === 'judge' ? 'by the automatic judge' : step.by ? `by ${step.by}` : 'by a release command');

/** /staff/releases (admin): what is live of each part and its canary, how each version does, the latest decisions, and the canary's Promote and Roll back. */
export function ReleasesPage() {
  return (
    <StaffPage title="Releases" adminOnly adminOnlyMessage="Only an admin can see the site's releases.">
      {() => <ReleasesBoard />}
    </StaffPage>
  );
}

function ReleasesBoard() {
  const { state, refresh } = useStaffData<ReleasesOverview>('staff-releases', '/api/staff/releases', REFRESH_MS);
  const { message, busy, run } = useStaffAction({ refresh, failed: 'Not done. Please try again.' });
  const [asking, setAsking] = useState<{ part: PartRelease; action: CanaryAction } | null>(null);
  if (state.status !== 'ready') return <NotLoaded state={state} loading="Loading the releases…" what="the releases" onRetry={refresh} />;
  const overview = state.data;
  if (!overview.registry) return <p>The restaurant system cannot read the release registry (its RELEASES_DIR setting), so it cannot say what is live.</p>;
  if (overview.parts.length === 0) return <p>Nothing is released yet.</p>;
  return (
    <>
      <p>Figures from diners' browsers since each version went live (since a canary started, for a part with one), beside the version live before it. They refresh every minute.</p>
      <StaffMessage message={message} />
      {asking?.part.canary && (
        <ConfirmDialog
          title={asking.action === 'promote' ? `Promote ${asking.part.label} ${asking.part.canary.version}?` : `Roll back ${asking.part.label} ${asking.part.canary.version}?`}
          confirmLabel={asking.action === 'promote' ? 'Promote to every visitor' : 'Roll back the canary'}
          onCancel={() => setAsking(null)}
          onConfirm={() => {
            const { part, action } = asking;
            setAsking(null);
            if (part.canary) void run(() => endCanary(part.part, part.canary!.version, action));
          }}
        >
          <p>
            {asking.action === 'promote'
              ? `Every visitor will get ${asking.part.canary.version} instead of ${asking.part.version}, within a second.`
              : `The ${asking.part.canary.percent}% of visitors on ${asking.part.canary.version} will get ${asking.part.version} again, within a second.`}
          </p>
        </ConfirmDialog>
      )}
      {overview.parts.map((part) => (
        <PartHealth key={part.part} release={part} steps={chartSteps(part.series, overview.step_minutes)} busy={busy} onAsk={(action) => setAsking({ part, action })} />
      ))}
    </>
  );
}

/** Every step's start from the part's first report in the window to now, so a gap in reports shows as one. */
function chartSteps(series: VersionPoint[], stepMinutes: number): string[] {
  if (series.length === 0) return [];
  const stepMs = stepMinutes * 60_000;
  const first = Math.min(...series.map((point) => Date.parse(point.at)));
  const last = Math.max(Math.floor(Date.now() / stepMs) * stepMs, ...series.map((point) => Date.parse(point.at)));
  const steps: string[] = [];
  for (let at = first; at <= last; at += stepMs) steps.push(new Date(at).toISOString());
  return steps;
}

function PartHealth({ release, steps, busy, onAsk }: { release: PartRelease; steps: string[]; busy: boolean; onAsk: (action: CanaryAction) => void }) {
  const titleId = `release-${release.part}`;
  const { health, previous_health: before, canary } = release;
  const columns: { name: string; health: VersionHealth | null; versus: VersionHealth | null; missing: string }[] = [
    { name: 'Live version', health, versus: before, missing: 'no reports yet' },
    ...(canary ? [{ name: 'Canary', health: canary.health, versus: health, missing: 'no reports yet' }] : []),
    { name: 'Version before', health: before, versus: null, missing: release.previous ? 'no reports' : 'none' },
  ];
  const lines: ChartLine[] = [
    { version: release.version, role: 'live', className: 'staff-release-line--live' },
    ...(canary ? [{ version: canary.version, role: 'canary', className: 'staff-release-line--canary' }] : []),
    ...(release.previous && release.previous.version !== release.version && release.previous.version !== canary?.version
      ? [{ version: release.previous.version, role: 'before', className: 'staff-release-line--before' }]
      : []),
  ];
  return (
    <section className="staff-release" aria-labelledby={titleId}>
      <h2 id={titleId}>{release.label}</h2>
      <dl className="staff-release__facts">
        <dt>Live version</dt>
        <dd>{release.version}</dd>
        <dt>Live since</dt>
        <dd>{release.since ? <time dateTime={release.since}>{formatRestaurantDateTime(release.since)}</time> : 'not recorded'}</dd>
        <dt>Built from</dt>
        <dd>{builtFrom(release)}</dd>
        {canary && (
          <>
            <dt>Canary</dt>
            <dd>
              {canary.version} for {canary.percent}% of visitors, since <time dateTime={canary.since}>{formatRestaurantDateTime(canary.since)}</time> ({builtFrom(canary)})
            </dd>
          </>
        )}
      </dl>
      {canary && (
        <div className="staff-actions">
          <button type="button" className="button" disabled={busy} onClick={() => onAsk('promote')}>
            Promote {canary.version}
          </button>
          <button type="button" className="button button--secondary" disabled={busy} onClick={() => onAsk('rollback')}>
            Roll back {canary.version}
          </button>
        </div>
      )}
      {!health && !before && !canary?.health ? (
        <p>No reports from diners' browsers yet.</p>
      ) : (
        <table className="dashboard-table staff-release__health">
          <caption>
            {release.label}: {release.version}
            {canary ? ` and canary ${canary.version}` : ''} against {release.previous ? release.previous.version : 'no earlier version'}
          </caption>
          <thead>
            <tr>
              <th scope="col">Figure</th>
              {columns.map((column) => (
                <th key={column.name} scope="col">
                  {column.name}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {FIGURES.map((figure) => (
              <tr key={figure.name}>
                <th scope="row">{figure.name}</th>
                {columns.map((column) => (
                  <td key={column.name}>
                    {column.health ? figure.show(column.health) : column.missing}
                    {column.health && column.versus && worse(figure.value(column.health), figure.value(column.versus)) && (
                      <strong className="staff-release__worse"> (worse)</strong>
                    )}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {steps.length > 0 && (
        <div className="staff-release__charts">
          <ReleaseChart
            title={`${release.label}: errors per page view`}
            points={release.series}
            lines={lines}
            steps={steps}
            value={(point) => (point.page_views > 0 ? point.errors / point.page_views : null)}
            show={(rate) => `${(rate * 100).toFixed(1)}%`}
          />
          <ReleaseChart title={`${release.label}: failed loads`} points={release.series} lines={lines} steps={steps} value={(point) => point.failed_loads} show={String} />
          <ReleaseChart title={`${release.label}: page views`} points={release.series} lines={lines} steps={steps} value={(point) => point.page_views} show={String} />
        </div>
      )}
      <Decisions decisions={release.decisions} />
    </section>
  );
}

function Decisions({ decisions }: { decisions: CanaryDecision[] }) {
  if (decisions.length === 0) return null;
  return (
    <>
      <h3>Recent decisions</h3>
      <ol className="staff-release__decisions">
        {decisions.map((step) => (
          <li key={`${step.at}-${step.action}-${step.version}`}>
            <time dateTime={step.at}>{formatRestaurantDateTime(step.at)}</time>: {STEP_WORDS[step.action]?.(step) ?? `${step.action} ${step.version}`}, {whoDecided(step)}
            {step.reason && step.action !== 'canary' ? ` (${step.reason})` : ''}
          </li>
        ))}
      </ol>
    </>
  );
}

const builtFrom = (release: { commit: string | null; uncommitted: boolean | null }) =>
  release.commit ? `commit ${release.commit.slice(0, 10)}${release.uncommitted ? ', with uncommitted changes' : ''}` : 'not recorded (built before builds said so)';

/** Clearly worse: more than a tenth above the version compared with (and more than nothing). */
function worse(live: number | null, before: number | null): boolean {
  if (live === null || before === null) return false;
  return live > before * 1.1 && live > 0;
}
